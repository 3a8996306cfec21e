package dev.switchboard.plugin.workspace.application;

import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.switchboard.plugin.workspace.domain.Code;
import dev.switchboard.plugin.workspace.domain.WorkspaceException;

/**
 * Per-path locks shared by every file mutation, keyed by the real target path, with a bounded wait
 * ({@value #WAIT_SECONDS} s, then {@link Code#FILE_BUSY}): first an in-process lock (so threads of this server queue
 * cheaply), then an OS advisory lock that every process takes in the same place, with the file
 * ({@link DirectoryLocks}: a {@code flock} on the file's directory), so any number of Switchboard processes, whatever
 * their state directories, let exactly one change win per revision. Neither survives its holder: the in-process lock
 * dies with the process, and the OS releases the advisory lock when the process exits or is killed. Shell commands
 * do not take them. Thread-safe.
 */
@Singleton
final class FileLocks {

    /** How long a mutation waits for another one on the same file. */
    static final long WAIT_SECONDS = 10;

    private final Map<Path, ReentrantLock> locks = new ConcurrentHashMap<>();
    private final Supplier<DirectoryLocks> directoryLocks;
    private volatile DirectoryLocks files;
    private final long waitMillis;

    @Inject
    FileLocks(WorkspaceSettings settings) {
        this(settings.stateDir().resolve("file-locks"), TimeUnit.SECONDS.toMillis(WAIT_SECONDS));
    }

    /**
     * @param lockDir    where the lock files live where {@link NativeIo} is unavailable
     * @param waitMillis how long to wait for a held lock (tests shorten it)
     */
    FileLocks(Path lockDir, long waitMillis) {
        // Resolved on the first lock, not at the plugin's start: loading the native calls links the JDK's
        // foreign-function API (about a hundred classes), which a session that never writes does not need.
        this.directoryLocks = () -> new DirectoryLocks(NativeIo.get(), lockDir);
        this.waitMillis = waitMillis;
    }

    /**
     * @param io         the native calls, or null for lock files under {@code lockDir}
     * @param lockDir    where the lock files live without native calls
     * @param waitMillis how long to wait for a held lock
     */
    FileLocks(NativeIo io, Path lockDir, long waitMillis) {
        this.directoryLocks = () -> new DirectoryLocks(io, lockDir);
        this.waitMillis = waitMillis;
    }

    /** @return whether the cross-process lock excludes every process (false: only those on one state directory) */
    boolean global() {
        return files().global();
    }

    /**
     * @param path the file about to change (an absolute, normalised path)
     * @param work the change, run while both locks are held
     * @return what the work returned
     * @throws WorkspaceException {@link Code#FILE_BUSY} when a lock could not be taken within the wait
     */
    <T> T holding(Path path, Supplier<T> work) {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(waitMillis);
        Path real = RealPath.of(path);
        ReentrantLock lock = locks.computeIfAbsent(real, ignored -> new ReentrantLock());
        boolean taken;
        try {
            taken = lock.tryLock(waitMillis, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            taken = false;
        }
        if (!taken) {
            throw busy(path);
        }
        try (LockFiles.Held held = files().acquire(real, deadline)) {
            if (held == null) {
                throw busy(path);
            }
            return work.get();
        } finally {
            lock.unlock();
        }
    }

    private static WorkspaceException busy(Path path) {
        return new WorkspaceException(
                Code.FILE_BUSY,
                path + " is being changed by another call or another"
                        + " server process; read it again and retry in a moment with a new request_key (a retry with this"
                        + " request_key only replays FILE_BUSY)",
                Map.of("path", path.toString()));
    }

    private DirectoryLocks files() {
        DirectoryLocks current = files;
        if (current == null) {
            synchronized (this) {
                current = files;
                if (current == null) {
                    current = directoryLocks.get();
                    files = current;
                }
            }
        }
        return current;
    }
}
