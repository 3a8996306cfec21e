package dev.switchboard.plugin.workspace.application;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.Set;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.switchboard.plugin.workspace.domain.Code;
import dev.switchboard.plugin.workspace.domain.Revision;
import dev.switchboard.plugin.workspace.domain.WorkspaceException;

/**
 * The cross-process half of the per-path locks: an OS advisory lock on {@code <dir>/<sha256 of the real path>.lock}
 * (directory 0700, files 0600), polled with {@code tryLock} until a deadline. The operating system releases it when
 * the holding process dies, so a crash leaves nothing held; the lock file itself stays (deleting it would race with
 * another process opening it). Thread-safe.
 */
final class LockFiles {

    private static final Logger LOG = LoggerFactory.getLogger(LockFiles.class);
    private static final long POLL_MILLIS = 20;

    /** A held lock; closing it releases the lock. */
    interface Held extends AutoCloseable {
        @Override
        void close();
    }

    private final Path dir;

    /** @param dir where the lock files live, such as {@code <state>/workspace/file-locks} */
    LockFiles(Path dir) {
        this.dir = dir;
    }

    /**
     * @param realPath the real path of the file to lock
     * @return the lock file that stands for it
     */
    Path fileFor(Path realPath) {
        return dir.resolve(Revision.sha256Hex(realPath.toString().getBytes(StandardCharsets.UTF_8)) + ".lock");
    }

    /**
     * @param realPath       the real path of the file to lock
     * @param deadlineNanos  {@link System#nanoTime()} after which to give up
     * @return the held lock, or null when another holder kept it past the deadline
     * @throws WorkspaceException {@link Code#EXECUTION_FAILED} when the lock file cannot be opened
     */
    Held acquire(Path realPath, long deadlineNanos) {
        FileChannel channel = open(realPath, fileFor(realPath));
        try {
            while (true) {
                FileLock lock = tryLock(channel);
                if (lock != null) {
                    return () -> closeQuietly(channel);
                }
                if (System.nanoTime() - deadlineNanos >= 0) {
                    closeQuietly(channel);
                    return null;
                }
                Thread.sleep(POLL_MILLIS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            closeQuietly(channel);
            return null;
        } catch (IOException e) {
            closeQuietly(channel);
            throw unusable(realPath, fileFor(realPath), e);
        }
    }

    /** @return the lock, or null when another process (or another channel in this one) holds it */
    private static FileLock tryLock(FileChannel channel) throws IOException {
        try {
            return channel.tryLock();
        } catch (OverlappingFileLockException e) {
            return null;
        }
    }

    private FileChannel open(Path realPath, Path file) {
        try {
            if (!Files.isDirectory(dir)) {
                Files.createDirectories(
                        dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            }
            return FileChannel.open(
                    file,
                    Set.of(StandardOpenOption.CREATE, StandardOpenOption.WRITE),
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        } catch (IOException e) {
            throw unusable(realPath, file, e);
        }
    }

    /**
     * The lock file lives in the state directory, which no answer names: the answer says what could not be locked, the
     * log says which lock file and why.
     */
    private static WorkspaceException unusable(Path realPath, Path lockFile, IOException e) {
        LOG.warn("cannot use the lock file {} for {}: {}", lockFile, realPath, e.toString());
        return new WorkspaceException(
                Code.EXECUTION_FAILED,
                "cannot lock " + realPath + ": the server's lock file for it is not usable ("
                        + e.getClass().getSimpleName() + "; the server log names it)",
                Map.of("path", realPath.toString()));
    }

    private static void closeQuietly(FileChannel channel) {
        try {
            channel.close();
        } catch (IOException e) {
            // Closing releases the lock; a channel that fails to close is released when the process ends.
        }
    }
}
