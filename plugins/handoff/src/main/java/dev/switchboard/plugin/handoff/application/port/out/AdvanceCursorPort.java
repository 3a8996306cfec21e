package dev.switchboard.plugin.handoff.application.port.out;

import java.time.Instant;

import dev.switchboard.plugin.handoff.domain.CursorMove;
import dev.switchboard.plugin.handoff.domain.ProjectKey;
import dev.switchboard.plugin.handoff.domain.Sequence;

/** Moves consumer cursors. */
public interface AdvanceCursorPort {

    /**
     * In one transaction: reads the cursor (a consumer without one starts at 0) and the project's latest sequence,
     * applies {@link dev.switchboard.plugin.handoff.domain.Cursor#advanceTo}, and stores the result when it moved.
     *
     * @param project  a registered project
     * @param consumer the consumer
     * @param target   the sequence it has handled everything up to
     * @param now      the time of the move
     * @return what happened
     */
    CursorMove advance(ProjectKey project, String consumer, Sequence target, Instant now);
}
