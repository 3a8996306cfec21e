package dev.switchboard.plugin.mailbox.decision.adapter.out.persistence;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

import dev.switchboard.plugin.mailbox.channel.adapter.out.persistence.JdbcRows;
import dev.switchboard.plugin.mailbox.channel.adapter.out.persistence.Json;

/**
 * The decision capability's count read as SQL text over a plain {@link Connection}, the same on SQLite and
 * PostgreSQL, free of jOOQ: {@link JooqRoundStore} runs it in its transactions and the hooks' direct path (ADR 25) on
 * its read-only connection. Throws the driver's {@link SQLException}. Stateless and thread-safe.
 */
public final class RoundQueries {

    /**
     * A live proposal that asks for a decision, is not a revision note ({@code about_message_id}), is addressed to the
     * role, and has no acknowledgement by the role since its last revision. The role is bound three times.
     */
    private static final String AWAITING = "SELECT m.id, m.voters FROM mailbox_message m"
            + " WHERE m.channel_id = ? AND m.deleted_at IS NULL AND m.superseded_at IS NULL AND m.kind = 'proc'"
            + " AND m.decision_requested = 1 AND m.about_message_id IS NULL"
            + " AND EXISTS (SELECT 1 FROM mailbox_recipient r WHERE r.channel_id = m.channel_id"
            + " AND r.message_id = m.id AND r.to_role = ?)"
            + " AND NOT EXISTS (SELECT 1 FROM mailbox_ack a WHERE a.channel_id = m.channel_id"
            + " AND a.message_id = m.id AND a.role = ? AND (m.revised_at IS NULL OR a.created_at > m.revised_at))";

    private RoundQueries() {}

    /**
     * @param connection an open connection
     * @param channelId  the channel
     * @param role       the role
     * @param fromRole   only proposals from this role, or null for any
     * @param pinKey     only proposals about this pin, or null for any
     * @return the ids of the proposals awaiting the role's decision (a declared electorate must include it), ascending
     * @throws SQLException if the query fails
     */
    public static List<Long> awaitingDecisionOf(
            Connection connection, long channelId, String role, String fromRole, String pinKey) throws SQLException {
        StringBuilder sql = new StringBuilder(AWAITING);
        List<Object> binds = new ArrayList<>(List.of(channelId, role, role));
        if (fromRole != null) {
            sql.append(" AND m.from_role = ?");
            binds.add(fromRole);
        }
        if (pinKey != null) {
            sql.append(" AND m.pin_key = ?");
            binds.add(pinKey);
        }
        sql.append(" ORDER BY m.id");
        List<Long> ids = new ArrayList<>();
        for (Object[] row : JdbcRows.list(
                connection, sql.toString(), binds, row -> new Object[] {row.getLong(1), row.getString(2)})) {
            if (votes((String) row[1], role)) {
                ids.add((Long) row[0]);
            }
        }
        return ids;
    }

    /** A declared electorate (a JSON array of roles) must include the role; none declared means the recipients. */
    private static boolean votes(String voters, String role) {
        List<String> declared = Json.strings(voters);
        return declared == null || declared.contains(role);
    }
}
