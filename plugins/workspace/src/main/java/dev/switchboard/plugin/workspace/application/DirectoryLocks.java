package dev.switchboard.plugin.workspace.application;

import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Map;

import dev.switchboard.plugin.workspace.domain.Code;
import dev.switchboard.plugin.workspace.domain.WorkspaceException;

/**
 * The cross-process half of the per-file locks, kept with the file itself so that every process agrees on it,
 * whatever its state directory or account: an exclusive {@code flock} on the directory the file lives in (its
 * nearest existing ancestor, for a file whose directories are still to be created), polled until a deadline. The
 * directory's inode does not change when a write renames a new file over the old one, so a waiter never ends up
 * holding a lock on a replaced file. The kernel releases the lock when its holder closes it or dies. It serialises
 * changes to the files of one directory, each held for one write (milliseconds).
 *
 * <p>Needs {@link NativeIo}; where that is missing (a Java 21 runtime, not Linux), the lock files of
 * {@link LockFiles} under the state directory stand in, which exclude only the processes sharing that state
 * directory. Thread-safe.
 */
final class DirectoryLocks {

    private static final long POLL_MILLIS = 10;

    private final NativeIo io;
    private final LockFiles fallback;

    /**
     * @param io          the native calls, or null to use the fallback
     * @param fallbackDir where the fallback's lock files live
     */
    DirectoryLocks(NativeIo io, Path fallbackDir) {
        this.io = io;
        this.fallback = new LockFiles(fallbackDir);
    }

    /** @return whether the lock is shared by every process (true) or only by those on one state directory */
    boolean global() {
        return io != null;
    }

    /**
     * @param realPath      the real path of the file about to change
     * @param deadlineNanos {@link System#nanoTime()} after which to give up
     * @return the held lock, or null when another holder kept it past the deadline
     * @throws WorkspaceException {@link Code#EXECUTION_FAILED} when the directory cannot be opened or locked
     */
    LockFiles.Held acquire(Path realPath, long deadlineNanos) {
        if (io == null) {
            return fallback.acquire(realPath, deadlineNanos);
        }
        Path dir = existingDirectory(realPath);
        int fd;
        try {
            fd = io.openDirectory(dir);
        } catch (NativeIo.Failure e) {
            throw new WorkspaceException(
                    Code.EXECUTION_FAILED,
                    "cannot open " + dir + " to lock " + realPath + " (errno " + e.errno()
                            + "); it changed or is not readable",
                    Map.of("path", realPath.toString()));
        }
        try {
            while (!io.tryLockExclusive(fd)) {
                if (System.nanoTime() - deadlineNanos >= 0) {
                    io.close(fd);
                    return null;
                }
                Thread.sleep(POLL_MILLIS);
            }
            return () -> io.close(fd);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            io.close(fd);
            return null;
        } catch (NativeIo.Failure | RuntimeException e) {
            io.close(fd);
            throw new WorkspaceException(
                    Code.EXECUTION_FAILED,
                    "cannot lock " + dir + " for " + realPath + ": " + e.getMessage(),
                    Map.of("path", realPath.toString()));
        }
    }

    /** The file's directory, or its nearest existing ancestor when directories are missing. */
    private static Path existingDirectory(Path realPath) {
        Path dir = realPath.getParent();
        while (dir.getParent() != null && !Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            dir = dir.getParent();
        }
        return dir;
    }
}
