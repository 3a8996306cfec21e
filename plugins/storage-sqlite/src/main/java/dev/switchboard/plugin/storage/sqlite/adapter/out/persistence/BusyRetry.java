package dev.switchboard.plugin.storage.sqlite.adapter.out.persistence;

import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Supplier;

import dev.switchboard.ports.storage.StorageBusyException;

/**
 * Runs an attempt again, from scratch, while it fails with {@link StorageBusyException}, pausing a growing, jittered
 * 1 to 100 ms between attempts, until the budget is spent; then the last busy failure is thrown, naming how many
 * attempts were made. SQLite's busy handler waits for another process's lock only once, for the busy timeout, and
 * does not serve its waiters in order, so several processes writing one file would starve one another past it; a
 * failed attempt was rolled back, so a retry never doubles a write. An attempt itself may block for the busy timeout,
 * so a call blocked throughout ends within about the budget plus the busy timeout. Thread-safe (stateless but for
 * the budget).
 */
final class BusyRetry {

    private final long budgetNanos;

    /** @param budget how long, in total, to keep starting new attempts; zero for a single attempt */
    BusyRetry(Duration budget) {
        if (budget.isNegative()) {
            throw new IllegalArgumentException("the busy retry budget must be >= 0, got " + budget);
        }
        this.budgetNanos = budget.toNanos();
    }

    /**
     * @param attempt one attempt, rolled back when it throws
     * @param <T>     its result
     * @return what the first attempt that did not meet a busy database returned
     * @throws StorageBusyException when the budget is spent (or the thread is interrupted while pausing)
     */
    <T> T run(Supplier<T> attempt) {
        long deadline = System.nanoTime() + budgetNanos;
        for (int attempts = 1; ; attempts++) {
            try {
                return attempt.get();
            } catch (StorageBusyException e) {
                if (System.nanoTime() - deadline >= 0) {
                    throw attempts == 1
                            ? e
                            : new StorageBusyException(e.getMessage() + " (" + attempts + " attempts)", e);
                }
                pause(attempts, e);
            }
        }
    }

    private static void pause(int attempts, StorageBusyException cause) {
        long ceiling = Math.min(100, 1L << Math.min(attempts, 6));
        try {
            Thread.sleep(ThreadLocalRandom.current().nextLong(1, ceiling + 1));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StorageBusyException("interrupted while waiting for a locked database", cause);
        }
    }
}
