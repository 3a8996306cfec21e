package dev.switchboard.plugin.handoff.application.port.out;

import java.util.List;

import dev.switchboard.plugin.handoff.domain.HandoffId;
import dev.switchboard.plugin.handoff.domain.Route;

/** Stores routing metadata. */
public interface SaveRoutesPort {

    /**
     * Adds routes in one transaction; a route identical to a stored one (same target, rationale and router) is
     * skipped.
     *
     * @param handoff an existing handoff
     * @param routes  the routes
     * @return how many were new
     */
    int add(HandoffId handoff, List<Route> routes);
}
