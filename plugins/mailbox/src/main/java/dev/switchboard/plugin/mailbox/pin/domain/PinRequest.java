package dev.switchboard.plugin.mailbox.pin.domain;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Everything the approval algorithm judges a pin write by, read in the writing transaction. Immutable.
 *
 * @param key            the pin key
 * @param caller         the writing role
 * @param approvedBy     the approving proposal's id, or empty
 * @param bodySha256     the SHA-256 of the body to be written
 * @param current        the key's current version, or empty for a new key
 * @param everApproved   whether a version of the key was written with {@code approved_by}
 * @param proposal       the message {@code approvedBy} names, or empty when there is none (or it is deleted)
 * @param openRounds     ids of the live structural rounds on the key (proposals with {@code pin_key} equal to it, not
 *                       deleted, superseded or voided), ascending
 * @param approvalUsed   whether {@code approvedBy} already approved a pin version
 * @param roster         the registered roles of a hosted channel, empty on stdio
 * @param strictDigest   whether the operator turned on the strict digest rule
 */
public record PinRequest(
        String key,
        String caller,
        Optional<Long> approvedBy,
        String bodySha256,
        Optional<PinVersion> current,
        boolean everApproved,
        Optional<Proposal> proposal,
        List<Long> openRounds,
        boolean approvalUsed,
        Optional<Set<String>> roster,
        boolean strictDigest) {

    /** @throws NullPointerException if a component is null */
    public PinRequest {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(caller, "caller");
        Objects.requireNonNull(approvedBy, "approvedBy");
        Objects.requireNonNull(bodySha256, "bodySha256");
        Objects.requireNonNull(current, "current");
        Objects.requireNonNull(proposal, "proposal");
        openRounds = List.copyOf(openRounds);
        Objects.requireNonNull(roster, "roster");
    }
}
