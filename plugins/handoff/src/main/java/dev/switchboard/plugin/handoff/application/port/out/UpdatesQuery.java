package dev.switchboard.plugin.handoff.application.port.out;

import java.util.Objects;

import dev.switchboard.plugin.handoff.domain.ProjectKey;
import dev.switchboard.plugin.handoff.domain.Sequence;

/**
 * Which handoffs to list. Immutable.
 *
 * @param project  the registered project
 * @param consumer whose cursor to read
 * @param since    list sequences after this instead of after the cursor (including handoffs the consumer already
 *                 handled), or null to list what the consumer has not handled
 * @param target   only handoffs routed to this target, or null for all
 * @param limit    how many at most, 1 or more
 */
public record UpdatesQuery(ProjectKey project, String consumer, Sequence since, String target, int limit) {

    /**
     * @throws NullPointerException     if {@code project} or {@code consumer} is null
     * @throws IllegalArgumentException if {@code limit} is below 1
     */
    public UpdatesQuery {
        Objects.requireNonNull(project, "project");
        Objects.requireNonNull(consumer, "consumer");
        if (limit < 1) {
            throw new IllegalArgumentException("limit must be 1 or more, was " + limit);
        }
    }
}
