package dev.switchboard.plugin.handoff.domain;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The plan for merging the handoffs of several stored keys (a canonical project and its legacy variants) into one
 * canonical project: every handoff keeps its id and gets a new sequence 1..n in order of commit time, and every
 * consumer's cursor is remapped by handoff identity, so nothing it handled is delivered again and nothing it had not
 * handled is skipped. Immutable.
 *
 * @param moves one move per handoff, in the new order (the {@code i}-th move has sequence {@code i + 1})
 */
public record ProjectMerge(List<Move> moves) {

    /**
     * One handoff before and after the merge.
     *
     * @param handoffId the handoff (its id never changes)
     * @param fromKey   the stored key it was under
     * @param from      its old sequence under {@code fromKey}
     * @param to        its new sequence in the canonical project
     */
    public record Move(HandoffId handoffId, String fromKey, Sequence from, Sequence to) {}

    /**
     * A handoff as it is stored before the merge.
     *
     * @param handoffId   the handoff
     * @param storedKey   the stored key it is under
     * @param sequence    its sequence under that key
     * @param committedAt when it was committed
     */
    public record Entry(HandoffId handoffId, String storedKey, Sequence sequence, Instant committedAt) {}

    /** Commit time first; ties (the same millisecond) keep a stable, reproducible order. */
    private static final Comparator<Entry> CREATION_ORDER = Comparator.comparing(Entry::committedAt)
            .thenComparing(Entry::storedKey)
            .thenComparing(Entry::sequence)
            .thenComparing(entry -> entry.handoffId().value());

    /** @throws NullPointerException if {@code moves} is null */
    public ProjectMerge {
        moves = List.copyOf(moves);
    }

    /**
     * @param entries every handoff of every stored key being merged
     * @return the plan
     */
    public static ProjectMerge plan(List<Entry> entries) {
        List<Entry> ordered = new ArrayList<>(entries);
        ordered.sort(CREATION_ORDER);
        List<Move> moves = new ArrayList<>(ordered.size());
        for (int i = 0; i < ordered.size(); i++) {
            Entry entry = ordered.get(i);
            moves.add(new Move(entry.handoffId(), entry.storedKey(), entry.sequence(), Sequence.of(i + 1L)));
        }
        return new ProjectMerge(moves);
    }

    /** @return the latest sequence of the merged project */
    public Sequence latest() {
        return Sequence.of(moves.size());
    }

    /**
     * Remaps one consumer's cursors: the new cursor covers the longest run of merged handoffs it had all handled,
     * and later handled ones are kept as handled-ahead.
     *
     * @param consumer     the consumer
     * @param cursorsByKey its cursor under each stored key it had one for
     * @param now          the time of the merge
     * @return its cursor in the merged project
     */
    public Cursor remap(String consumer, Map<String, Cursor> cursorsByKey, Instant now) {
        Objects.requireNonNull(cursorsByKey, "cursorsByKey");
        Sequence through = Sequence.ZERO;
        List<Sequence> ahead = new ArrayList<>();
        boolean prefix = true;
        for (Move move : moves) {
            Cursor old = cursorsByKey.get(move.fromKey());
            boolean handled = old != null && old.hasHandled(move.from());
            if (handled && prefix) {
                through = move.to();
            } else if (handled) {
                ahead.add(move.to());
            } else {
                prefix = false;
            }
        }
        return new Cursor(consumer, through, ahead, now);
    }
}
