package dev.switchboard.plugin.mailbox.orientation.adapter.out.persistence;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.switchboard.plugin.mailbox.channel.adapter.out.persistence.JdbcRows;
import dev.switchboard.plugin.mailbox.orientation.application.port.out.StatusStore;

/**
 * The orientation capability's unread reads and the pins' headers as SQL text over a plain {@link Connection}, the same on SQLite and
 * PostgreSQL, free of jOOQ: {@link JdbcStatusStore} runs them in its transactions and the hooks' direct path
 * (ADR 25) on its read-only connection. Throws the driver's {@link SQLException}. Stateless and thread-safe.
 */
public final class StatusQueries {

    /** A role's unread messages: live messages it has not marked read (after the columns of {@link #UNREAD}). */
    private static final String UNREAD_ROWS = " FROM mailbox_recipient r"
            + " JOIN mailbox_message m ON m.channel_id = r.channel_id AND m.id = r.message_id"
            + " WHERE r.channel_id = ? AND r.read_at IS NULL AND m.deleted_at IS NULL";

    private static final String UNREAD = "SELECT r.message_id, CASE WHEN r.opened_at IS NULL THEN 0 ELSE 1 END"
            + UNREAD_ROWS + " AND r.to_role = ? ORDER BY r.message_id";

    /** Never delivered: counted beside the rows. */
    private static final String UNOPENED = "coalesce(sum(CASE WHEN r.opened_at IS NULL THEN 1 ELSE 0 END), 0)";

    /**
     * Per role, after the roles' {@code IN} list is put in twice: a role's unread rows (read from the inbox index
     * alone, which covers them) minus those of deleted messages (few, found by their own index), so that the rows of
     * {@link #UNREAD_ROWS} are counted without reading a message per row. Bound: the channel, the roles, the channel,
     * the roles. {@code CROSS JOIN} keeps SQLite reading the deleted messages first.
     */
    private static final String UNREAD_COUNTS = "SELECT u.to_role, CAST(sum(u.n) AS INTEGER),"
            + " CAST(sum(u.unopened) AS INTEGER) FROM ("
            + "SELECT r.to_role, count(*) AS n, " + UNOPENED + " AS unopened FROM mailbox_recipient r"
            + " WHERE r.channel_id = ? AND r.read_at IS NULL AND r.to_role IN (%1$s) GROUP BY r.to_role"
            + " UNION ALL SELECT r.to_role, -count(*), -" + UNOPENED
            + " FROM mailbox_message m CROSS JOIN mailbox_recipient r"
            + " WHERE m.channel_id = ? AND m.deleted_at IS NOT NULL AND r.channel_id = m.channel_id"
            + " AND r.message_id = m.id AND r.read_at IS NULL AND r.to_role IN (%1$s) GROUP BY r.to_role"
            + ") u GROUP BY u.to_role";

    private static final String PINS = "SELECT p.pin_key, p.title, p.version, p.updated_by, p.updated_at,"
            + " p.approved_by, p.body_sha256, p.body_length_bytes, p.body_length_chars FROM mailbox_pin p"
            + " WHERE p.channel_id = ? AND p.seq = (SELECT MAX(q.seq) FROM mailbox_pin q"
            + " WHERE q.channel_id = p.channel_id AND q.pin_key = p.pin_key) ORDER BY p.pin_key";

    private StatusQueries() {}

    /**
     * @return the latest version of every pin of the channel, without its body, by key: {@code key, title, version,
     *     updated_by, updated_at, approved_by} (a number or null){@code , body_sha256, body_length_bytes,
     *     body_length_chars} (numbers), as {@code pin_list} lists them
     * @throws SQLException if the query fails
     */
    public static List<Map<String, Object>> pins(Connection connection, long channelId) throws SQLException {
        return JdbcRows.list(connection, PINS, List.of(channelId), row -> {
            Map<String, Object> pin = new LinkedHashMap<>();
            pin.put("key", row.getString(1));
            pin.put("title", row.getString(2));
            pin.put("version", row.getString(3));
            pin.put("updated_by", row.getString(4));
            pin.put("updated_at", row.getString(5));
            long approvedBy = row.getLong(6);
            pin.put("approved_by", row.wasNull() ? null : approvedBy);
            pin.put("body_sha256", row.getString(7));
            pin.put("body_length_bytes", row.getLong(8));
            pin.put("body_length_chars", row.getLong(9));
            return pin;
        });
    }

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
        return unreadCounts(connection, channelId, List.of(role)).get(role);
    }

    /**
     * The counts of {@link #unreadCount} for several roles in one query: the one definition, whichever is asked.
     *
     * @param roles the roles, at least one
     * @return per role (every role asked is present, zeros included), how many messages it has not marked read, and
     *     how many of them were never delivered
     * @throws SQLException if the query fails
     */
    public static Map<String, StatusStore.UnreadCount> unreadCounts(
            Connection connection, long channelId, List<String> roles) throws SQLException {
        List<Object> binds = new ArrayList<>();
        binds.add(channelId);
        binds.addAll(roles);
        binds.add(channelId);
        binds.addAll(roles);
        Map<String, StatusStore.UnreadCount> counts = new LinkedHashMap<>();
        roles.forEach(role -> counts.put(role, new StatusStore.UnreadCount(0, 0)));
        JdbcRows.list(
                        connection,
                        UNREAD_COUNTS.formatted(JdbcRows.placeholders(roles.size())),
                        binds,
                        row -> Map.entry(row.getString(1), new StatusStore.UnreadCount(row.getInt(2), row.getInt(3))))
                .forEach(entry -> counts.put(entry.getKey(), entry.getValue()));
        return counts;
    }
}
