package dev.switchboard.plugin.mailbox.orientation.adapter.out.persistence;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

import dev.switchboard.plugin.mailbox.orientation.application.port.out.StatusStore;
import dev.switchboard.plugin.mailbox.work.adapter.out.persistence.JdbcRows;

/**
 * The orientation capability's unread reads as SQL text over a plain {@link Connection}, the same on SQLite and
 * PostgreSQL, free of jOOQ: {@link JooqStatusStore} runs them in its transactions and the hooks' direct path
 * (ADR 25) on its read-only connection. Throws the driver's {@link SQLException}. Stateless and thread-safe.
 */
public final class StatusQueries {

    /** A role's unread messages: after the columns of {@link #UNREAD} or {@link #UNREAD_COUNT}. */
    private static final String UNREAD_ROWS = " FROM mailbox_recipient r"
            + " JOIN mailbox_message m ON m.channel_id = r.channel_id AND m.id = r.message_id"
            + " WHERE r.channel_id = ? AND r.to_role = ? AND r.read_at IS NULL AND m.deleted_at IS NULL";

    private static final String UNREAD = "SELECT r.message_id, CASE WHEN r.opened_at IS NULL THEN 0 ELSE 1 END"
            + UNREAD_ROWS + " ORDER BY r.message_id";

    private static final String UNREAD_COUNT =
            "SELECT count(*), coalesce(sum(CASE WHEN r.opened_at IS NULL THEN 1 ELSE 0 END), 0)" + UNREAD_ROWS;

    private StatusQueries() {}

    /**
     * @return the role's unread messages, ascending by id, each with whether it was delivered
     * @throws SQLException if the query fails
     */
    public static List<StatusStore.Unread> unread(Connection connection, long channelId, String role)
            throws SQLException {
        return JdbcRows.list(
                connection,
                UNREAD,
                List.of(channelId, role),
                row -> new StatusStore.Unread(row.getLong(1), row.getInt(2) == 1));
    }

    /**
     * @return how many messages the role has not marked read, and how many of them were never delivered
     * @throws SQLException if the query fails
     */
    public static StatusStore.UnreadCount unreadCount(Connection connection, long channelId, String role)
            throws SQLException {
        return JdbcRows.list(
                        connection,
                        UNREAD_COUNT,
                        List.of(channelId, role),
                        row -> new StatusStore.UnreadCount(row.getInt(1), row.getInt(2)))
                .getFirst();
    }
}
