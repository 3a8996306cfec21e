package dev.switchboard.kernel.exec;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Cancels the runs in progress when the server's own parent process dies (the client that launched it was killed),
 * so their trees are killed as on any cancellation instead of running on unattended. Linux's
 * {@code PR_SET_PDEATHSIG} would tie a child to the thread that forked it, which in a JVM is any pool thread, so
 * this polls instead: every {@value #POLL_MILLIS} ms while runs are in progress, it compares the server's parent pid
 * with the one it had at start (a dead parent's children are re-parented). A server started by init (parent pid 1)
 * has no parent to lose. The parent is the one the process had when this class was initialised (the kernel creates
 * its executor at start). Runs started after the watch noticed the death are not affected. Thread-safe.
 */
final class ParentWatch {

    /** The watch every executor of this process shares. */
    static final ParentWatch SERVER = new ParentWatch(
            ProcessHandle.current().parent().map(ProcessHandle::pid).orElse(1L));

    private static final Logger LOG = LoggerFactory.getLogger(ParentWatch.class);
    static final long POLL_MILLIS = 500;

    private final long parentAtStart;
    private final Set<Runnable> running = ConcurrentHashMap.newKeySet();
    private boolean watching;
    private volatile boolean parentDied;

    /** @param parentAtStart the pid of the parent to watch */
    ParentWatch(long parentAtStart) {
        this.parentAtStart = parentAtStart;
    }

    /** One run's watch; closing it ends the watch for that run. */
    interface Watch extends AutoCloseable {
        @Override
        void close();
    }

    /**
     * @param cancel cancels one run in progress; called at most once, from the watch's thread
     * @return closing it ends the watch for that run
     */
    Watch watch(Runnable cancel) {
        if (parentAtStart <= 1 || parentDied) {
            return () -> {};
        }
        synchronized (this) {
            running.add(cancel);
            if (!watching) {
                watching = true;
                Thread.ofPlatform().daemon().name("switchboard-parent-watch").start(this::poll);
            }
        }
        return () -> running.remove(cancel);
    }

    private void poll() {
        while (true) {
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(POLL_MILLIS));
            synchronized (this) {
                if (running.isEmpty()) {
                    watching = false;
                    return;
                }
            }
            long parent =
                    ProcessHandle.current().parent().map(ProcessHandle::pid).orElse(1L);
            if (parent != parentAtStart) {
                parentDied = true;
                LOG.warn(
                        "the server's parent process {} is gone; killing the {} command(s) still running",
                        parentAtStart,
                        running.size());
                running.forEach(Runnable::run);
                running.clear();
                return;
            }
        }
    }
}
