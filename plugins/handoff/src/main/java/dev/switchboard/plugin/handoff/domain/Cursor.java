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
