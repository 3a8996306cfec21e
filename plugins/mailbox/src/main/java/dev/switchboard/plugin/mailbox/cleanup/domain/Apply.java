package dev.switchboard.plugin.mailbox.cleanup.domain;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * A cleanup pass to apply, with the state it is judged by. Immutable.
 *
 * @param ids         the reviewed ids, distinct and sorted
 * @param expectCount the count the key owner gave
 * @param keys        the keys the pass names
 * @param everything  every candidate
 * @param pass        the candidates of this pass ({@link Backfill#filter})
 * @param approvals   approval records: message id to pin key
 * @param retired     retired messages among {@code ids}: id to when and by whom
 * @param snapshotAt  the time of the preview the ids came from, or null
 */
public record Apply(
        List<Long> ids,
        long expectCount,
        Set<String> keys,
        List<Candidate> everything,
        List<Candidate> pass,
        Map<Long, String> approvals,
        Map<Long, Retired> retired,
        String snapshotAt) {

    /** Copies the collections. */
    public Apply {
        ids = List.copyOf(ids);
        keys = Set.copyOf(keys);
        everything = List.copyOf(everything);
        pass = List.copyOf(pass);
        approvals = Map.copyOf(approvals);
        retired = Map.copyOf(retired);
    }

    /**
     * A message's retirement.
     *
     * @param supersededAt when
     * @param description  who retired it and when, in words
     */
    public record Retired(String supersededAt, String description) {
        /** @throws NullPointerException if a component is null */
        public Retired {
            Objects.requireNonNull(supersededAt, "supersededAt");
            Objects.requireNonNull(description, "description");
        }
    }
}
