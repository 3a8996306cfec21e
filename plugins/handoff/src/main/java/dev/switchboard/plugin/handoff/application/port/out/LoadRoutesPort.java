package dev.switchboard.plugin.handoff.application.port.out;

import java.util.List;
import java.util.Map;

import dev.switchboard.plugin.handoff.domain.HandoffId;
import dev.switchboard.plugin.handoff.domain.ProjectKey;
import dev.switchboard.plugin.handoff.domain.Route;

/** Reads routing metadata. */
public interface LoadRoutesPort {

    /**
     * @param handoff a handoff
     * @return its routes, oldest first
     */
    List<Route> routes(HandoffId handoff);

    /**
     * @param project a registered project
     * @return for each route target, how many of the project's handoffs are routed to it; ordered by target
     */
    Map<String, Long> targetCounts(ProjectKey project);
}
