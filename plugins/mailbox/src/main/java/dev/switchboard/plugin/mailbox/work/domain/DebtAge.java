package dev.switchboard.plugin.mailbox.work.domain;

import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Objects;

/**
 * How old and how idle a debt is, in whole days ({@code age_days} since it was sent, {@code idle_days} since it last
 * moved: a transition, a resolve or a reopen). Whole days rounded down, never negative; nothing ever closes on either
 * number. Pure functions.
 */
public final class DebtAge {

    private DebtAge() {}

    /**
     * @param since an ISO-8601 UTC instant as stored ({@code 2026-12-01T10:00:00.000Z})
     * @param now   the time the answer is for, the same format
     * @return whole days from {@code since} to {@code now}, 0 when {@code since} is later (clock skew between nodes)
     * @throws IllegalArgumentException if either is not an ISO-8601 instant
     */
    public static long days(String since, String now) {
        Objects.requireNonNull(since, "since");
        Objects.requireNonNull(now, "now");
        try {
            return Math.max(
                    0,
                    Duration.between(Instant.parse(since), Instant.parse(now)).toDays());
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("not an ISO-8601 instant: '" + since + "' or '" + now + "'", e);
        }
    }

    /**
     * @param task a message
     * @param now  the time the answer is for
     * @return its {@code age_days}
     */
    public static long ageDays(WorkFacts task, String now) {
        return days(task.createdAt(), now);
    }

    /**
     * @param task a message
     * @param now  the time the answer is for
     * @return its {@code idle_days}: since its last movement, or since it was sent when it never moved
     */
    public static long idleDays(WorkFacts task, String now) {
        return days(task.lastMovedAt() == null ? task.createdAt() : task.lastMovedAt(), now);
    }
}
