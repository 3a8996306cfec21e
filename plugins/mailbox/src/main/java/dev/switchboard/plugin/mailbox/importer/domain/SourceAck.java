package dev.switchboard.plugin.mailbox.importer.domain;

import java.util.Objects;

/**
 * One row of {@code acknowledgements}. Immutable.
 *
 * @param messageId the message decided on
 * @param role      who decided
 * @param decision  {@code agree}, {@code reject}, {@code needs_changes} or {@code void}
 * @param note      the note, or null
 * @param createdAt when (votes older than the message's {@code revised_at} are quenched)
 */
public record SourceAck(long messageId, String role, String decision, String note, String createdAt) {

    /** @throws NullPointerException if a NOT NULL column is null */
    public SourceAck {
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(decision, "decision");
        Objects.requireNonNull(createdAt, "created_at");
    }
}
