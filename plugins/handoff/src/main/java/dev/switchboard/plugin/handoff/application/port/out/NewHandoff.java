package dev.switchboard.plugin.handoff.application.port.out;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

import dev.switchboard.plugin.handoff.domain.Checksum;
import dev.switchboard.plugin.handoff.domain.HandoffDraft;
import dev.switchboard.plugin.handoff.domain.HandoffId;
import dev.switchboard.plugin.handoff.domain.PayloadFingerprint;
import dev.switchboard.plugin.handoff.domain.ProjectKey;

/**
 * A handoff ready to be appended: everything but its sequence, which storage allocates. Immutable.
 *
 * @param id              the new handoff's id
 * @param project         the registered project
 * @param draft           the fields
 * @param checksum        the content's checksum
 * @param fingerprint     the payload fingerprint, to compare with an earlier use of the idempotency key
 * @param idempotencyKey  the publisher's idempotency key, or null
 * @param publishedBy     the caller's id
 * @param overriddenRules secret rules a deliberate override let through; empty without an override
 * @param committedAt     the commit time to record
 */
public record NewHandoff(
        HandoffId id,
        ProjectKey project,
        HandoffDraft draft,
        Checksum checksum,
        PayloadFingerprint fingerprint,
        String idempotencyKey,
        String publishedBy,
        List<String> overriddenRules,
        Instant committedAt) {

    /** @throws NullPointerException if a component other than {@code idempotencyKey} is null */
    public NewHandoff {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(project, "project");
        Objects.requireNonNull(draft, "draft");
        Objects.requireNonNull(checksum, "checksum");
        Objects.requireNonNull(fingerprint, "fingerprint");
        Objects.requireNonNull(publishedBy, "publishedBy");
        overriddenRules = List.copyOf(overriddenRules);
        Objects.requireNonNull(committedAt, "committedAt");
    }
}
