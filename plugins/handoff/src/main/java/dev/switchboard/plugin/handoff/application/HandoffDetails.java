package dev.switchboard.plugin.handoff.application;

import java.util.List;
import java.util.Objects;

import dev.switchboard.plugin.handoff.domain.Applied;
import dev.switchboard.plugin.handoff.domain.Handoff;
import dev.switchboard.plugin.handoff.domain.Route;

/**
 * A handoff with everything recorded about it. Immutable.
 *
 * @param handoff the handoff, content included
 * @param routes  its routes, oldest first
 * @param applied its applied provenance, oldest first
 */
public record HandoffDetails(Handoff handoff, List<Route> routes, List<Applied> applied) {

    /** @throws NullPointerException if a component is null */
    public HandoffDetails {
        Objects.requireNonNull(handoff, "handoff");
        routes = List.copyOf(routes);
        applied = List.copyOf(applied);
    }
}
