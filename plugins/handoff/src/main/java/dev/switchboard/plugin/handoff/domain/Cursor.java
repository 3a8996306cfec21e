package dev.switchboard.plugin.handoff.domain;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One consumer's position in one project: it has handled every handoff up to {@code through}, plus the few later ones
 * in {@code handledAhead} (left by a project merge that interleaved handoffs it had handled with ones it had not).
 * Cursors only move forward. Immutable.
 *
 * @param consumer     the consumer, such as {@code librarian}
 * @param through      the last sequence of the handled prefix
 * @param handledAhead handled sequences after {@code through}, ascending; usually empty
 * @param updatedAt    when it last moved, or null for a cursor that never moved
 */
public record Cursor(String consumer, Sequence through, List<Sequence> handledAhead, Instant updatedAt) {

    /**
     * @throws NullPointerException     if {@code consumer}, {@code through} or {@code handledAhead} is null
     * @throws IllegalArgumentException if {@code handledAhead} is not ascending or not after {@code through}
     */
    public Cursor {
        Objects.requireNonNull(consumer, "consumer");
        Objects.requireNonNull(through, "through");
        handledAhead = List.copyOf(handledAhead);
        Sequence previous = through;
        for (Sequence ahead : handledAhead) {
            if (!ahead.isAfter(previous)) {
                throw new IllegalArgumentException("handled-ahead sequences must ascend after " + through);
            }
            previous = ahead;
        }
    }

    /**
     * @param consumer the consumer
     * @return a consumer's cursor before it handled anything
     */
    public static Cursor start(String consumer) {
        return new Cursor(consumer, Sequence.ZERO, List.of(), null);
    }

    /**
     * @param sequence a handoff's sequence
     * @return whether this consumer has handled it
     */
    public boolean hasHandled(Sequence sequence) {
        return !sequence.isAfter(through) || handledAhead.contains(sequence);
    }

    /**
     * @param latest the project's latest sequence (sequences are gap-free from 1)
     * @return how many of the project's handoffs this consumer has not handled ({@link #pending})
     */
    public long pendingUpTo(Sequence latest) {
        return pending(
                through,
                handledAhead.stream().filter(ahead -> !ahead.isAfter(latest)).count(),
                latest);
    }

    /**
     * The one rule of what is pending for a consumer, for a reader that counted the handled-ahead sequences without
     * loading them.
     *
     * @param through        the cursor's handled prefix
     * @param handledAhead   how many handled-ahead sequences lie after {@code through} and at or before
     *                       {@code latest}
     * @param latest         the project's latest sequence
     * @return the handoffs after {@code through} up to {@code latest} less the handled-ahead ones; 0 when the cursor
     *         is at or past {@code latest}
     */
    public static long pending(Sequence through, long handledAhead, Sequence latest) {
        if (!latest.isAfter(through)) {
            return 0;
        }
        return Math.max(0, latest.value() - through.value() - handledAhead);
    }

    /**
     * Moves the cursor forward to {@code target}: never backward, never past the project's latest handoff. Moving
     * also swallows handled-ahead sequences that the new position reaches or touches.
     *
     * @param target the sequence the consumer has now handled everything up to
     * @param latest the project's latest sequence
     * @param now    the time of the move
     * @return what happened; on {@link CursorMove.Kind#ADVANCED} the moved cursor
     */
    public CursorMove advanceTo(Sequence target, Sequence latest, Instant now) {
        if (target.isAfter(latest)) {
            return new CursorMove(CursorMove.Kind.BEYOND_LATEST, this, this);
        }
        if (!target.isAfter(through)) {
            return new CursorMove(CursorMove.Kind.UNCHANGED, this, this);
        }
        Sequence reached = target;
        List<Sequence> remaining = new ArrayList<>();
        for (Sequence ahead : handledAhead) {
            if (ahead.isAfter(reached) && !ahead.equals(reached.next())) {
                remaining.add(ahead);
            } else if (ahead.equals(reached.next())) {
                reached = ahead;
            }
        }
        return new CursorMove(CursorMove.Kind.ADVANCED, this, new Cursor(consumer, reached, remaining, now));
    }
}
