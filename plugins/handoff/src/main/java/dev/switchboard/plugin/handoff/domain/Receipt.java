package dev.switchboard.plugin.handoff.domain;

import java.time.Instant;
import java.util.Objects;

/**
 * The proof that a handoff was committed: what a publisher keeps, and what {@code delivery_status} verifies later. A
 * claim that a handoff was sent without a receipt counts as not sent. Immutable.
 *
 * @param handoffId   the handoff's permanent id
 * @param project     the canonical project it belongs to
 * @param sequence    its position in the project (1, 2, ...)
 * @param checksum    the checksum of its content
 * @param committedAt when it was committed (informative only: delivery follows {@code sequence})
 */
public record Receipt(
        HandoffId handoffId, ProjectKey project, Sequence sequence, Checksum checksum, Instant committedAt) {

    /** @throws NullPointerException if a component is null */
    public Receipt {
        Objects.requireNonNull(handoffId, "handoffId");
        Objects.requireNonNull(project, "project");
        Objects.requireNonNull(sequence, "sequence");
        Objects.requireNonNull(checksum, "checksum");
        Objects.requireNonNull(committedAt, "committedAt");
    }
}
