package dev.switchboard.plugin.mailbox;

import java.sql.PreparedStatement;

import dev.switchboard.ports.storage.SqlStorage;

/**
 * Rows of other capabilities' tables written directly into the local channel (made here when no call made it yet), for core tests that need their facts before those tools
 * exist on this branch (an upload, an acknowledgement, a pin approval, an event). Stateless.
 */
public final class Rows {

    private Rows() {}

    /** Inserts an upload of {@code role} into the only channel, sealed or not. */
    public static void upload(SqlStorage storage, long id, String role, String body, boolean sealed) {
        update(
                storage,
                "INSERT INTO mailbox_upload (channel_id, id, role, body, sealed, created_at)"
                        + " SELECT channel_id, ?, ?, ?, ?, '2026-08-10T09:00:00.000Z' FROM mailbox_channel",
                id,
                role,
                body,
                sealed ? 1 : 0);
    }

    /** Inserts an acknowledgement of message {@code id} by {@code role}. */
    public static void ack(SqlStorage storage, long id, String role, String decision, String createdAt) {
        update(
                storage,
                "INSERT INTO mailbox_ack (channel_id, message_id, role, decision, created_at)"
                        + " SELECT channel_id, ?, ?, ?, ? FROM mailbox_channel",
                id,
                role,
                decision,
                createdAt);
    }

    /** Inserts a pin version of {@code key} approved by message {@code approvedBy}. */
    public static void pin(SqlStorage storage, String key, long approvedBy) {
        update(
                storage,
                "INSERT INTO mailbox_pin (channel_id, pin_key, title, body, version, updated_by, updated_at,"
                        + " approved_by, body_sha256, body_length_bytes, body_length_chars)"
                        + " SELECT channel_id, ?, 't', 'b', '1', 'frontend', '2026-08-10T09:00:00.000Z', ?, 'x', 1, 1"
                        + " FROM mailbox_channel",
                key,
                approvedBy);
    }

    /** Sets a debt's status as resolve_message would, with its event. */
    public static void resolve(SqlStorage storage, long id, String by) {
        update(
                storage,
                "UPDATE mailbox_message SET status = 'resolved', resolved_by = ?, resolved_at ="
                        + " '2026-08-10T10:00:00.000Z' WHERE id = ?",
                by,
                id);
        event(storage, id, "resolve", by);
    }

    /** Appends an event as the owning capability would. */
    public static void event(SqlStorage storage, long id, String event, String role) {
        update(
                storage,
                "INSERT INTO mailbox_event (channel_id, message_id, event, role, created_at)"
                        + " SELECT channel_id, ?, ?, ?, '2026-08-10T10:00:01.000Z' FROM mailbox_channel",
                id,
                event,
                role);
    }

    private static void update(SqlStorage storage, String sql, Object... values) {
        storage.transaction(connection -> {
            try (PreparedStatement channel = connection.prepareStatement("INSERT INTO mailbox_channel (name,"
                    + " created_at) VALUES ('local', '2026-08-10T09:00:00.000Z') ON CONFLICT DO NOTHING")) {
                channel.executeUpdate();
            }
            try (PreparedStatement statement = connection.prepareStatement(sql)) {
                for (int i = 0; i < values.length; i++) {
                    statement.setObject(i + 1, values[i]);
                }
                statement.executeUpdate();
            }
            return null;
        });
    }
}
