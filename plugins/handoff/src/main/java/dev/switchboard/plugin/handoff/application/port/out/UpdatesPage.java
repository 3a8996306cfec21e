package dev.switchboard.plugin.handoff.application.port.out;

import java.util.List;
import java.util.Objects;

import dev.switchboard.plugin.handoff.domain.Cursor;
import dev.switchboard.plugin.handoff.domain.HandoffSummary;
import dev.switchboard.plugin.handoff.domain.Sequence;

/**
 * One page of updates. Immutable.
 *
 * @param cursor  the consumer's cursor (unchanged by listing)
 * @param latest  the project's latest sequence
 * @param items   the selected handoffs, ascending by sequence
 * @param hasMore whether more handoffs match after the last one listed
 */
public record UpdatesPage(Cursor cursor, Sequence latest, List<HandoffSummary> items, boolean hasMore) {

    /** @throws NullPointerException if a component is null */
    public UpdatesPage {
        Objects.requireNonNull(cursor, "cursor");
        Objects.requireNonNull(latest, "latest");
        items = List.copyOf(items);
    }
}
