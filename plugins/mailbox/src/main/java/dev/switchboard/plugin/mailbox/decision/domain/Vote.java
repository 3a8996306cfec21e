package dev.switchboard.plugin.mailbox.decision.domain;

import java.util.Objects;

/**
 * One role's recorded decision on a message (one per message and role; a different later decision replaces it).
 * Immutable.
 *
 * @param role      who decided (from the server, never from arguments)
 * @param decision  what
 * @param note      the role's note (at most 4000 characters), or null
 * @param createdAt when it was last recorded, ISO-8601 UTC milliseconds
 */
public record Vote(String role, Decision decision, String note, String createdAt) {

    /** @throws NullPointerException if a required component is null */
    public Vote {
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(decision, "decision");
        Objects.requireNonNull(createdAt, "createdAt");
    }

    /**
     * A vote is stale (quenched) when it was recorded at or before the message's last revision: it was cast on a
     * text that no longer exists. It is kept and shown, never counted.
     *
     * @param revisedAt the message's last revision, or null when never revised
     * @return whether this vote is quenched by that revision
     */
    public boolean isStale(String revisedAt) {
        return revisedAt != null && createdAt.compareTo(revisedAt) <= 0;
    }
}
