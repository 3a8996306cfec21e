package dev.switchboard.plugin.mailbox.wait.domain;

import java.time.Duration;
import java.util.Optional;

/**
 * How long a wait may last (seed-features §1C.2 Waiting): {@code timeout_s} 0..{@value #MAX_TIMEOUT_S} seconds and
 * {@code poll_interval_s} {@value #MIN_POLL_S}..{@value #MAX_POLL_S} seconds are accepted, and the wait itself is
 * capped at {@value #CAP_S} seconds so it ends below MCP clients' tool timeouts as a retryable answer. A woken wait
 * re-checks at once; the poll interval bounds how long it sleeps between checks when no signal comes, and the last
 * check happens at the deadline. Immutable.
 *
 * @param timeoutS      the asked timeout, seconds
 * @param pollIntervalS the asked interval between checks, seconds
 */
public record WaitBudget(long timeoutS, double pollIntervalS) {

    /** The largest {@code timeout_s} accepted. */
    public static final long MAX_TIMEOUT_S = 3600;

    /** The smallest {@code poll_interval_s} accepted. */
    public static final double MIN_POLL_S = 0.1;

    /** The largest {@code poll_interval_s} accepted. */
    public static final double MAX_POLL_S = 60;

    /** The longest one call waits, whatever {@code timeout_s} says. */
    public static final long CAP_S = 50;

    /**
     * @throws IllegalArgumentException if a value is outside its bounds (or not a number); the message names the
     *                                  field and the bounds
     */
    public WaitBudget {
        violation(timeoutS, pollIntervalS).ifPresent(wrong -> {
            throw new IllegalArgumentException(wrong.field() + " " + wrong.problem());
        });
    }

    /**
     * A value outside its bounds.
     *
     * @param field   the argument, {@code timeout_s} or {@code poll_interval_s}
     * @param problem what is wrong, starting with "must"
     */
    public record Violation(String field, String problem) {}

    /**
     * @param timeoutS      the asked timeout, seconds
     * @param pollIntervalS the asked interval, seconds
     * @return the first value outside its bounds, or empty when both are accepted
     */
    public static Optional<Violation> violation(long timeoutS, double pollIntervalS) {
        if (timeoutS < 0 || timeoutS > MAX_TIMEOUT_S) {
            return Optional.of(
                    new Violation("timeout_s", "must be between 0 and " + MAX_TIMEOUT_S + " seconds, got " + timeoutS));
        }
        if (!(pollIntervalS >= MIN_POLL_S && pollIntervalS <= MAX_POLL_S)) {
            return Optional.of(new Violation(
                    "poll_interval_s",
                    "must be between " + MIN_POLL_S + " and " + (long) MAX_POLL_S + " seconds, got " + pollIntervalS));
        }
        return Optional.empty();
    }

    /** @return the seconds this call really waits at most: {@code min(timeout_s, 50)} */
    public long effectiveS() {
        return Math.min(timeoutS, CAP_S);
    }

    /** @return {@link #effectiveS()} as a duration */
    public Duration effective() {
        return Duration.ofSeconds(effectiveS());
    }

    /** @return the interval between checks as a duration (milliseconds, rounded down) */
    public Duration pollInterval() {
        return Duration.ofMillis((long) (pollIntervalS * 1000));
    }
}
