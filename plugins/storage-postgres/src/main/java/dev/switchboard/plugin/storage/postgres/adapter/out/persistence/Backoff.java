package dev.switchboard.plugin.storage.postgres.adapter.out.persistence;

import java.util.concurrent.ThreadLocalRandom;

/**
 * The pause before retrying a transaction that met a serialization failure or deadlock: "full jitter" exponential
 * back-off, a random delay between 0 and {@code min(cap, base * 2^(attempt - 1))}, so that writers that collided do
 * not collide again in step. At most {@link #attempts()} attempts in all. Immutable; thread-safe.
 *
 * @param attempts the most times a unit of work runs, 1 or more
 * @param baseMs   the ceiling of the first pause, in milliseconds
 * @param capMs    the largest ceiling, in milliseconds
 */
record Backoff(int attempts, long baseMs, long capMs) {

    /**
     * The adapter's policy: 10 attempts, pauses up to 2, 4, 8 ... 128, 200, 200 ms (under a second of pauses in the
     * worst case).
     */
    static final Backoff DEFAULT = new Backoff(10, 2, 200);

    /** @throws IllegalArgumentException if a component is out of range */
    Backoff {
        if (attempts < 1 || baseMs < 1 || capMs < baseMs) {
            throw new IllegalArgumentException("attempts >= 1 and 1 <= baseMs <= capMs required");
        }
    }

    /**
     * @param attempt the attempt that just failed, from 1
     * @return the pause before the next one, in milliseconds, from 0 to the attempt's ceiling
     */
    long pauseMs(int attempt) {
        long ceiling = baseMs << Math.min(attempt - 1, 30);
        return ThreadLocalRandom.current().nextLong(Math.min(ceiling, capMs) + 1);
    }
}
