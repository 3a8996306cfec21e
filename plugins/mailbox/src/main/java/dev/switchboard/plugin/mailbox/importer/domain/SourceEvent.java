package dev.switchboard.plugin.mailbox.importer.domain;

import java.util.Objects;

/**
 * One row of {@code message_events}, the audit trail; imported in the original's order. Immutable.
 *
 * @param messageId the message
 * @param event     such as {@code resolve} or {@code work_status:in_progress}
 * @param role      who
 * @param note      the note, or null
 * @param createdAt when
 * @param pinKeys   the pin keys of a cleanup pass as JSON, or null (a file before schema step 2 has none)
 */
public record SourceEvent(long messageId, String event, String role, String note, String createdAt, String pinKeys) {

    /** @throws NullPointerException if a NOT NULL column is null */
    public SourceEvent {
        Objects.requireNonNull(event, "event");
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(createdAt, "created_at");
    }
}
