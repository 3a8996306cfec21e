package dev.switchboard.plugin.handoff.application;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import jakarta.inject.Inject;

import dev.switchboard.plugin.handoff.application.port.out.LoadAppliedPort;
import dev.switchboard.plugin.handoff.application.port.out.LoadHandoffPort;
import dev.switchboard.plugin.handoff.application.port.out.LoadRoutesPort;
import dev.switchboard.plugin.handoff.domain.Applied;
import dev.switchboard.plugin.handoff.domain.Handoff;
import dev.switchboard.plugin.handoff.domain.HandoffId;
import dev.switchboard.plugin.handoff.domain.HandoffSummary;
import dev.switchboard.plugin.handoff.domain.ProjectKey;
import dev.switchboard.plugin.handoff.domain.Sequence;
import dev.switchboard.ports.tool.Outcome;

/** Reads one handoff in full, with its routes and applied provenance. Changes nothing (no cursor moves). */
public final class ReadHandoff {

    private final HandoffLookup lookup;
    private final LoadHandoffPort handoffs;
    private final LoadRoutesPort routes;
    private final LoadAppliedPort applied;

    @Inject
    ReadHandoff(HandoffLookup lookup, LoadHandoffPort handoffs, LoadRoutesPort routes, LoadAppliedPort applied) {
        this.lookup = lookup;
        this.handoffs = handoffs;
        this.routes = routes;
        this.applied = applied;
    }

    /**
     * @param project   a project name
     * @param handoffId a handoff id
     * @return the handoff with its records, or PROJECT_UNKNOWN, PROJECT_AMBIGUOUS, INVALID_ARGUMENTS or
     *         HANDOFF_NOT_FOUND
     */
    public Outcome<HandoffDetails> read(String project, String handoffId) {
        return lookup.find(project, handoffId).then(handoff -> Outcome.done(details(handoff)));
    }

    /**
     * @param project  a canonical project key
     * @param sequence a sequence
     * @return the handoff at that position with its records, or empty
     */
    public Optional<HandoffDetails> read(ProjectKey project, Sequence sequence) {
        return handoffs.bySequence(project, sequence).map(this::details);
    }

    /**
     * @param limit how many at most
     * @return the most recent handoffs of registered projects, newest first
     */
    public List<HandoffSummary> recent(int limit) {
        return handoffs.recent(limit);
    }

    /**
     * @param limit how many at most
     * @return the most recent handoffs of registered projects, newest first, with their routes: the board's timeline
     */
    public List<HandoffSummary> timeline(int limit) {
        return handoffs.timeline(limit);
    }

    /**
     * @param ids handoffs, such as a page of the {@link #timeline}
     * @return per handoff, who applied it where and when ({@code mark_applied}'s records), oldest first
     */
    public Map<HandoffId, List<Applied>> applied(List<HandoffId> ids) {
        return applied.applied(ids);
    }

    private HandoffDetails details(Handoff handoff) {
        var id = handoff.receipt().handoffId();
        return new HandoffDetails(handoff, routes.routes(id), applied.applied(id));
    }
}
