package dev.switchboard.plugin.workspace.application;

import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

import jakarta.inject.Singleton;

import dev.switchboard.plugin.workspace.domain.Code;
import dev.switchboard.plugin.workspace.domain.WorkspaceException;

/**
 * Per-path locks shared by every file mutation in this process, keyed by the real target path, with a bounded wait
 * ({@value #WAIT_SECONDS} s, then {@link Code#FILE_BUSY}). In-memory, so a crash cannot leave one behind. Shell
 * commands do not take them. Thread-safe.
 */
@Singleton
final class FileLocks {

    /** How long a mutation waits for another one on the same file. */
    static final long WAIT_SECONDS = 10;

    private final Map<Path, ReentrantLock> locks = new ConcurrentHashMap<>();
    private final long waitMillis;

    @jakarta.inject.Inject
    FileLocks() {
        this(TimeUnit.SECONDS.toMillis(WAIT_SECONDS));
    }

    /** @param waitMillis how long to wait for a held lock (tests shorten it) */
    FileLocks(long waitMillis) {
        this.waitMillis = waitMillis;
    }

    <T> T holding(Path path, Supplier<T> work) {
        ReentrantLock lock = locks.computeIfAbsent(path, ignored -> new ReentrantLock());
        boolean taken;
        try {
            taken = lock.tryLock(waitMillis, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            taken = false;
        }
        if (!taken) {
            throw new WorkspaceException(Code.FILE_BUSY, path + " is being changed by another call; retry in a"
                    + " moment", Map.of("path", path.toString()));
        }
        try {
            return work.get();
        } finally {
            lock.unlock();
        }
    }
}
