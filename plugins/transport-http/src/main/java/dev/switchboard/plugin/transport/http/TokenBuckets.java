package dev.switchboard.plugin.transport.http;

import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * Token buckets by key: each key may spend {@code burst} permits at once and earns {@code ratePerSecond} back per
 * second, up to {@code burst}. A key's bucket exists only while it is below full: {@link #evictFull()} drops every
 * bucket that has refilled completely (absent and full behave the same), so the map holds only the keys that spent
 * permits within the last {@code burst / ratePerSecond} seconds. Keys are the caller's choice (a credential's
 * digest, a peer address), never a secret. Thread-safe: a bucket is updated under its own lock.
 */
final class TokenBuckets {

    private static final double NANOS_PER_SECOND = 1_000_000_000d;

    private final double ratePerNano;
    private final double burst;
    private final LongSupplier nanoClock;
    private final ConcurrentHashMap<String, Bucket> buckets = new ConcurrentHashMap<>();

    /**
     * @param ratePerSecond permits earned per second, positive
     * @param burst         permits a full bucket holds, at least 1
     * @param nanoClock     a monotonic clock in nanoseconds, such as {@code System::nanoTime}
     */
    TokenBuckets(double ratePerSecond, long burst, LongSupplier nanoClock) {
        if (!(ratePerSecond > 0) || burst < 1) {
            throw new IllegalArgumentException("rate must be positive and burst at least 1");
        }
        this.ratePerNano = ratePerSecond / NANOS_PER_SECOND;
        this.burst = burst;
        this.nanoClock = nanoClock;
    }

    /**
     * Takes one permit from {@code key}'s bucket.
     *
     * @return empty when the permit was granted, else the whole seconds (at least 1, rounded up) until one is earned
     */
    OptionalLong take(String key) {
        while (true) {
            long now = nanoClock.getAsLong();
            Bucket bucket = buckets.computeIfAbsent(key, unused -> new Bucket(burst, now));
            synchronized (bucket) {
                if (bucket.evicted) {
                    continue; // swept between the look-up and the lock: take from its successor
                }
                bucket.refill(now, ratePerNano, burst);
                if (bucket.permits >= 1) {
                    bucket.permits -= 1;
                    return OptionalLong.empty();
                }
                return OptionalLong.of(secondsUntilOne(bucket.permits));
            }
        }
    }

    /** Drops the buckets that have refilled completely; called periodically. */
    void evictFull() {
        long now = nanoClock.getAsLong();
        buckets.values().removeIf(bucket -> {
            synchronized (bucket) {
                bucket.refill(now, ratePerNano, burst);
                bucket.evicted = bucket.permits >= burst;
                return bucket.evicted;
            }
        });
    }

    /** @return the buckets held now (keys that are below full, or not yet swept) */
    int size() {
        return buckets.size();
    }

    private long secondsUntilOne(double permits) {
        double nanos = (1 - permits) / ratePerNano;
        return Math.max(1L, (long) Math.ceil(nanos / NANOS_PER_SECOND));
    }

    private static final class Bucket {
        private double permits;
        private long updated;
        private boolean evicted;

        Bucket(double permits, long updated) {
            this.permits = permits;
            this.updated = updated;
        }

        void refill(long now, double ratePerNano, double burst) {
            if (now > updated) {
                permits = Math.min(burst, permits + (now - updated) * ratePerNano);
                updated = now;
            }
        }
    }
}
