package dev.switchboard.plugin.handoff.application;

import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

import jakarta.inject.Inject;

import dev.switchboard.plugin.handoff.application.port.out.LoadRoutesPort;
import dev.switchboard.plugin.handoff.application.port.out.SaveRoutesPort;
import dev.switchboard.plugin.handoff.domain.HandoffId;
import dev.switchboard.plugin.handoff.domain.Route;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.StorableText;

/**
 * Records where a librarian routed a handoff. Metadata only: it spawns no agent and edits no file. The same route
 * given again adds nothing; content, sequence and cursors never change.
 */
public final class RouteHandoff {

    /**
     * The routes after the call. Immutable.
     *
     * @param handoffId the handoff
     * @param added     how many routes this call added
     * @param routes    all its routes, oldest first
     */
    public record Routing(HandoffId handoffId, int added, List<Route> routes) {
        /** @throws NullPointerException if a component is null */
        public Routing {
            Objects.requireNonNull(handoffId, "handoffId");
            routes = List.copyOf(routes);
        }
    }

    private final HandoffLookup lookup;
    private final SaveRoutesPort save;
    private final LoadRoutesPort load;
    private final Clock clock;

    @Inject
    RouteHandoff(HandoffLookup lookup, SaveRoutesPort save, LoadRoutesPort load, Clock clock) {
        this.lookup = lookup;
        this.save = save;
        this.load = load;
        this.clock = clock;
    }

    /**
     * @param project   a project name
     * @param handoffId the handoff
     * @param targets   where it goes; duplicates count once
     * @param rationale why
     * @param routedBy  who routes it
     * @return the routing, or PROJECT_UNKNOWN, PROJECT_AMBIGUOUS, INVALID_ARGUMENTS or HANDOFF_NOT_FOUND
     */
    public Outcome<Routing> route(
            String project, String handoffId, List<String> targets, String rationale, String routedBy) {
        return StorableText.check("rationale", rationale, "routed_by", routedBy)
                .then(ok -> lookup.find(project, handoffId))
                .then(handoff -> {
                    HandoffId id = handoff.receipt().handoffId();
                    Instant now = clock.instant();
                    List<Route> routes = targets.stream()
                            .distinct()
                            .map(target -> new Route(target, rationale, routedBy, now))
                            .toList();
                    int added = save.add(id, routes);
                    return Outcome.done(new Routing(id, added, load.routes(id)));
                });
    }
}
