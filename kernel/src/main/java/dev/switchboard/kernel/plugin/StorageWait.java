package dev.switchboard.kernel.plugin;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.SequencedSet;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.IntPredicate;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The plugins waiting for a storage that could not be opened at start (the storage plugin first, then those that
 * failed for want of it), and the background thread that tries again: after {@link #FIRST_RETRY_MS} ms, the pause
 * doubling up to {@link #MAX_RETRY_MS} ms, until an attempt says the wait is over or the host stops.
 *
 * <p>Thread-safety: every method but {@link #stop()} is called with the host's lifecycle lock held, which each
 * attempt also runs under.
 */
final class StorageWait {

    private static final Logger LOG = LoggerFactory.getLogger(StorageWait.class);

    /** The first pause before the storage is opened again, in milliseconds. */
    static final long FIRST_RETRY_MS = 500;
    /** The longest pause between two attempts to open the storage, in milliseconds. */
    static final long MAX_RETRY_MS = 4_000;

    private final ReentrantLock lifecycle;
    /** The plugins waiting, in start order (the storage plugin first). */
    private final SequencedSet<String> waiting = new LinkedHashSet<>();

    private volatile boolean stopped;
    private Thread retry;

    /** @param lifecycle the host's lock, held by each attempt */
    StorageWait(ReentrantLock lifecycle) {
        this.lifecycle = lifecycle;
    }

    /** @return whether the plugin was not waiting already */
    boolean add(String pluginId) {
        return waiting.add(pluginId);
    }

    /** @return whether the plugin was waiting */
    boolean remove(String pluginId) {
        return waiting.remove(pluginId);
    }

    boolean contains(String pluginId) {
        return waiting.contains(pluginId);
    }

    boolean isEmpty() {
        return waiting.isEmpty();
    }

    /** @return the first plugin waiting (the storage plugin), or null when none waits */
    String first() {
        return waiting.isEmpty() ? null : waiting.getFirst();
    }

    /** @return the plugins waiting, in order */
    List<String> waiting() {
        return List.copyOf(waiting);
    }

    void clear() {
        waiting.clear();
    }

    /**
     * Starts the background retry, unless nothing waits, it already runs or the host stopped.
     *
     * @param attempt given the attempt's number (from 1), tries once under the lifecycle lock and says whether the wait
     *                is over (the storage opened, or failed for good)
     */
    void retryInBackground(IntPredicate attempt) {
        if (waiting.isEmpty() || retry != null || stopped) {
            return;
        }
        LOG.info(
                "the storage is retried in the background (every {} ms at first, at most every {} ms); plugins"
                        + " waiting for it: {}",
                FIRST_RETRY_MS,
                MAX_RETRY_MS,
                waiting());
        retry = Thread.ofPlatform().daemon().name("switchboard-storage-retry").start(() -> retryUntilOver(attempt));
    }

    private void retryUntilOver(IntPredicate attempt) {
        long pause = FIRST_RETRY_MS;
        int attempts = 0;
        try {
            while (!stopped) {
                Thread.sleep(pause);
                attempts++;
                lifecycle.lock();
                try {
                    if (stopped || attempt.test(attempts)) {
                        return;
                    }
                } finally {
                    lifecycle.unlock();
                }
                pause = Math.min(pause * 2, MAX_RETRY_MS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // the host is stopping
        }
    }

    /** Stops the retry (no attempt begins after this returns but one already running under the lock). */
    void stop() {
        stopped = true;
        Thread running;
        lifecycle.lock();
        try {
            running = retry;
        } finally {
            lifecycle.unlock();
        }
        if (running != null) {
            running.interrupt();
        }
    }
}
