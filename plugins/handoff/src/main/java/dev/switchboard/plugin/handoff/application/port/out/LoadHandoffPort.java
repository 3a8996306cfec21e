package dev.switchboard.plugin.handoff.application.port.out;

import java.util.List;
import java.util.Optional;

import dev.switchboard.plugin.handoff.domain.Handoff;
import dev.switchboard.plugin.handoff.domain.HandoffId;
import dev.switchboard.plugin.handoff.domain.HandoffSummary;
import dev.switchboard.plugin.handoff.domain.ProjectKey;
import dev.switchboard.plugin.handoff.domain.Sequence;

/** Reads single handoffs. */
public interface LoadHandoffPort {

    /**
     * @param id a handoff id
     * @return the handoff, in whichever project it is
     */
    Optional<Handoff> byId(HandoffId id);

    /**
     * @param idempotencyKey an idempotency key
     * @return the handoff published with it
     */
    Optional<Handoff> byIdempotencyKey(String idempotencyKey);

    /**
     * @param project  a registered project
     * @param sequence a sequence in it
     * @return the handoff at that position
     */
    Optional<Handoff> bySequence(ProjectKey project, Sequence sequence);

    /**
     * @param limit how many at most
     * @return the most recently committed handoffs of registered projects, newest first
     */
    List<HandoffSummary> recent(int limit);

    /**
     * @param limit how many at most
     * @return as {@link #recent}, each with the targets it was routed to (one more query for the page)
     */
    List<HandoffSummary> timeline(int limit);
}
