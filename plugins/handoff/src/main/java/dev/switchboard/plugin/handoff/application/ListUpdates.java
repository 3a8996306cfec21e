package dev.switchboard.plugin.handoff.application;

import jakarta.inject.Inject;

import dev.switchboard.plugin.handoff.application.port.out.FindUpdatesPort;
import dev.switchboard.plugin.handoff.application.port.out.UpdatesPage;
import dev.switchboard.plugin.handoff.application.port.out.UpdatesQuery;
import dev.switchboard.plugin.handoff.domain.Sequence;
import dev.switchboard.ports.tool.Outcome;

/**
 * Lists summaries of the handoffs a consumer has not handled yet, in sequence order, without moving its cursor. A
 * target narrows the list to handoffs routed to that target (route lookup); a {@code since} sequence lists from there
 * instead of from the cursor, including handoffs already handled.
 */
public final class ListUpdates {

    /** The consumer when none is named: the librarian that triages the inbox. */
    public static final String DEFAULT_CONSUMER = "librarian";
    /** How many summaries a page holds when the caller does not say. */
    public static final int DEFAULT_LIMIT = 20;

    private final ResolveProject resolver;
    private final FindUpdatesPort updates;

    @Inject
    ListUpdates(ResolveProject resolver, FindUpdatesPort updates) {
        this.resolver = resolver;
        this.updates = updates;
    }

    /**
     * @param project  a project name
     * @param consumer the consumer, or null for {@value #DEFAULT_CONSUMER}
     * @param limit    how many at most, or null for {@value #DEFAULT_LIMIT}
     * @param since    list after this sequence instead of after the cursor, or null
     * @param target   only handoffs routed to this target, or null
     * @return the page, or PROJECT_UNKNOWN, PROJECT_AMBIGUOUS or INVALID_ARGUMENTS
     */
    public Outcome<UpdatesPage> list(String project, String consumer, Integer limit, Long since, String target) {
        return resolver.registered(project)
                .then(found -> Outcome.done(updates.find(new UpdatesQuery(
                        found.key(),
                        consumer == null ? DEFAULT_CONSUMER : consumer,
                        since == null ? null : Sequence.of(since),
                        target,
                        limit == null ? DEFAULT_LIMIT : limit))));
    }
}
