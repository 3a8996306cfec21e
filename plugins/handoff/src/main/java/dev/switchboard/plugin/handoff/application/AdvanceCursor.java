package dev.switchboard.plugin.handoff.application;

import java.time.Clock;
import java.util.Map;

import jakarta.inject.Inject;

import dev.switchboard.plugin.handoff.application.port.out.AdvanceCursorPort;
import dev.switchboard.plugin.handoff.domain.CursorMove;
import dev.switchboard.plugin.handoff.domain.Sequence;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.Refusal;

/**
 * Moves a consumer's cursor forward after it has deliberately handled handoffs. Moving to or behind the current
 * position is a reported no-op; moving past the project's latest handoff is refused.
 */
public final class AdvanceCursor {

    private final ResolveProject resolver;
    private final AdvanceCursorPort cursors;
    private final Clock clock;

    @Inject
    AdvanceCursor(ResolveProject resolver, AdvanceCursorPort cursors, Clock clock) {
        this.resolver = resolver;
        this.cursors = cursors;
        this.clock = clock;
    }

    /**
     * @param project  a project name
     * @param consumer the consumer
     * @param through  the sequence it has handled everything up to
     * @return the move (advanced or unchanged), or CURSOR_BEYOND_LATEST, PROJECT_UNKNOWN, PROJECT_AMBIGUOUS or
     *         INVALID_ARGUMENTS
     */
    public Outcome<CursorMove> advance(String project, String consumer, long through) {
        return resolver.registered(project).then(found -> {
            CursorMove move = cursors.advance(found.key(), consumer, Sequence.of(through), clock.instant());
            if (move.kind() != CursorMove.Kind.BEYOND_LATEST) {
                return Outcome.done(move);
            }
            return Outcome.refused(new Refusal(
                    HandoffCodes.CURSOR_BEYOND_LATEST,
                    "through_sequence " + through
                            + " is past the latest handoff of '" + found.key() + "'; the cursor stays at "
                            + move.before().through() + ". Advance only through sequences you have listed and handled",
                    Map.of(
                            "field",
                            "through_sequence",
                            "through_sequence",
                            through,
                            "latest_sequence",
                            found.latest().value(),
                            "cursor",
                            move.before().through().value())));
        });
    }
}
