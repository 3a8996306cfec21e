package dev.switchboard.plugin.workspace.application;

import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A second process for {@link FileLocksTest}: takes the OS lock named by its arguments ({@code file <lock file>}: an
 * fcntl lock on a lock file; {@code dir <directory>}: a flock on a directory), prints {@code locked} and then holds
 * it until it is killed.
 */
final class LockHolderProcess {

    private LockHolderProcess() {}

    public static void main(String[] args) throws Exception {
        if (args[0].equals("dir")) {
            NativeIo io = NativeIo.get();
            if (!io.tryLockExclusive(io.openDirectory(Path.of(args[1])))) {
                throw new IllegalStateException("already locked");
            }
        } else {
            FileChannel channel =
                    FileChannel.open(Path.of(args[1]), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            channel.lock();
        }
        System.out.println("locked");
        System.out.flush();
        Thread.sleep(Long.MAX_VALUE);
    }
}
