package dev.switchboard.plugin.mailbox.hosted.application;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * Decides when a credential's use is worth an audit entry: its first use in this process, then at most once per
 * interval per key. A key is whatever names the credential in memory (a token id, a session's digest); it is never
 * written anywhere. Memory stays bounded: once more than {@value #PRUNE_ABOVE} keys are remembered, the keys whose
 * interval has passed are forgotten (forgetting them changes no decision, since their next use is due anyway).
 * Thread-safe: two concurrent uses of one key claim it once.
 *
 * @param <K> the key's type
 */
public final class UseThrottle<K> {

    /** How many keys are remembered before the stale ones are dropped. */
    static final int PRUNE_ABOVE = 10_000;

    private final Duration interval;
    private final ConcurrentMap<K, Instant> lastRecorded = new ConcurrentHashMap<>();

    /** @param interval the least time between two recorded uses of one key */
    public UseThrottle(Duration interval) {
        this.interval = interval;
    }

    /**
     * @param key the credential's key
     * @param now the use's instant
     * @return true when this use is to be recorded (the key is then claimed at {@code now})
     */
    public boolean claim(K key, Instant now) {
        if (lastRecorded.size() > PRUNE_ABOVE) {
            lastRecorded.values().removeIf(last -> !now.isBefore(last.plus(interval)));
        }
        boolean[] due = {false};
        lastRecorded.compute(key, (k, last) -> {
            if (last == null || !now.isBefore(last.plus(interval))) {
                due[0] = true;
                return now;
            }
            return last;
        });
        return due[0];
    }

    /**
     * Gives a claim back when its use could not be recorded, so the next use is recorded instead.
     *
     * @param key     the claimed key
     * @param claimed the instant {@link #claim} was given
     */
    public void release(K key, Instant claimed) {
        lastRecorded.remove(key, claimed);
    }

    /** @return how many keys are remembered now */
    int remembered() {
        return lastRecorded.size();
    }
}
