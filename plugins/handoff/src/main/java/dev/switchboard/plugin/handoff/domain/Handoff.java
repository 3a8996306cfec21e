package dev.switchboard.plugin.handoff.domain;

import java.util.List;
import java.util.Objects;

/**
 * A committed handoff: its receipt, its draft, and how it was published. Immutable.
 *
 * @param receipt        the receipt (id, project, sequence, checksum, commit time)
 * @param draft          the fields as published
 * @param idempotencyKey the publisher's idempotency key, or null
 * @param publishedBy    the id of the caller that published it
 * @param overriddenRules the secret-scanning rules whose findings a deliberate override let through; empty when the
 *                       handoff passed the guardrail without one
 */
public record Handoff(
        Receipt receipt, HandoffDraft draft, String idempotencyKey, String publishedBy, List<String> overriddenRules) {

    /** @throws NullPointerException if a component other than {@code idempotencyKey} is null */
    public Handoff {
        Objects.requireNonNull(receipt, "receipt");
        Objects.requireNonNull(draft, "draft");
        Objects.requireNonNull(publishedBy, "publishedBy");
        overriddenRules = List.copyOf(overriddenRules);
    }

    /** @return whether the secret guardrail was overridden to store this handoff */
    public boolean sensitiveOverride() {
        return !overriddenRules.isEmpty();
    }
}
