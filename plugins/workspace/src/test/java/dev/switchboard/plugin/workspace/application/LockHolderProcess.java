package dev.switchboard.plugin.workspace.application;

import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A second process for {@link FileLocksTest}: takes the OS lock on the file named by its argument, prints
 * {@code locked} and then holds it until it is killed.
 */
final class LockHolderProcess {

    private LockHolderProcess() {
    }

    public static void main(String[] args) throws Exception {
        FileChannel channel = FileChannel.open(Path.of(args[0]), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        channel.lock();
        System.out.println("locked");
        System.out.flush();
        Thread.sleep(Long.MAX_VALUE);
    }
}
