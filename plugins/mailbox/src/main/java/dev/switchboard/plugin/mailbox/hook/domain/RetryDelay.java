package dev.switchboard.plugin.mailbox.hook.domain;

import java.time.Duration;

/**
 * The delay before the next attempt of a loop that asks a source again and again ({@code status watch},
 * {@code hook wake}): the interval while the source answers; during an outage the interval doubled once per failure
 * in a row, at most {@link #MAX_BACKOFF}. Not thread-safe: one loop.
 */
public final class RetryDelay {

    /** The longest delay between two attempts during an outage. */
    public static final Duration MAX_BACKOFF = Duration.ofSeconds(300);

    /** A long poll held at least this long before it answered nothing new counts as held: it is asked again at once. */
    public static final Duration MIN_HELD = Duration.ofSeconds(1);

    private final Duration interval;
    private int failures;

    /**
     * @param interval the delay between two attempts while the source answers, at least one second
     * @throws IllegalArgumentException if it is shorter
     */
    public RetryDelay(Duration interval) {
        if (interval.compareTo(Duration.ofSeconds(1)) < 0) {
            throw new IllegalArgumentException("the interval must be at least 1 second");
        }
        this.interval = interval;
    }

    /** Records an answer: the outage, if any, is over. */
    public void answered() {
        failures = 0;
    }

    /** Records a failed attempt. */
    public void failed() {
        failures++;
    }

    /** @return the interval, or during an outage {@code interval * 2^failures}, at most {@link #MAX_BACKOFF} */
    public Duration next() {
        Duration delay = interval;
        for (int i = 0; i < failures && delay.compareTo(MAX_BACKOFF) < 0; i++) {
            delay = delay.multipliedBy(2);
        }
        return delay.compareTo(MAX_BACKOFF) > 0 ? MAX_BACKOFF : delay;
    }

    /**
     * @param heldWithoutNews how long the last attempt, a long poll, was held before it answered nothing new
     *                        ({@link Duration#ZERO} when it was no long poll, it failed, or it answered news)
     * @return zero after a long poll held at least {@link #MIN_HELD} while the source answers (ask again at once),
     *     else {@link #next()}
     */
    public Duration after(Duration heldWithoutNews) {
        return failures == 0 && heldWithoutNews.compareTo(MIN_HELD) >= 0 ? Duration.ZERO : next();
    }
}
