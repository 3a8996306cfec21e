package dev.switchboard.plugin.handoff.domain;

import java.util.Objects;

/**
 * Applied provenance together with the handoff it belongs to, as project status lists it. Immutable.
 *
 * @param handoffId the handoff
 * @param sequence  its sequence in the project
 * @param applied   the provenance
 */
public record AppliedEntry(HandoffId handoffId, Sequence sequence, Applied applied) {

    /** @throws NullPointerException if a component is null */
    public AppliedEntry {
        Objects.requireNonNull(handoffId, "handoffId");
        Objects.requireNonNull(sequence, "sequence");
        Objects.requireNonNull(applied, "applied");
    }
}
