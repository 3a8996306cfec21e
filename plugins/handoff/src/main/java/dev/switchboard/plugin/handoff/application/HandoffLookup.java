package dev.switchboard.plugin.handoff.application;

import java.util.Map;

import jakarta.inject.Inject;

import dev.switchboard.plugin.handoff.application.port.out.LoadHandoffPort;
import dev.switchboard.plugin.handoff.domain.Handoff;
import dev.switchboard.plugin.handoff.domain.HandoffId;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.Refusal;

/**
 * Finds a handoff by project name and id, the first step of reading, routing and marking. A handoff of another
 * project is reported as not found, exactly like a missing one.
 */
final class HandoffLookup {

    private final ResolveProject resolver;
    private final LoadHandoffPort handoffs;

    @Inject
    HandoffLookup(ResolveProject resolver, LoadHandoffPort handoffs) {
        this.resolver = resolver;
        this.handoffs = handoffs;
    }

    /**
     * @param project   a project name
     * @param handoffId a handoff id
     * @return the handoff, or PROJECT_UNKNOWN, PROJECT_AMBIGUOUS, INVALID_ARGUMENTS or HANDOFF_NOT_FOUND
     */
    Outcome<Handoff> find(String project, String handoffId) {
        return resolver.registered(project).then(found -> {
            if (!HandoffId.PATTERN.matcher(handoffId).matches()) {
                return Outcome.refused(notFound(handoffId, found.key().value()));
            }
            return handoffs.byId(new HandoffId(handoffId))
                    .filter(handoff -> handoff.receipt().project().equals(found.key()))
                    .map(Outcome::done)
                    .orElseGet(() ->
                            Outcome.refused(notFound(handoffId, found.key().value())));
        });
    }

    static Refusal notFound(String handoffId, String project) {
        return new Refusal(
                HandoffCodes.HANDOFF_NOT_FOUND,
                "no handoff '" + handoffId + "' in project '" + project
                        + "'; list the project's handoffs with frontispice_list_updates",
                Map.of("field", "handoff_id", "handoff_id", handoffId, "project", project));
    }
}
