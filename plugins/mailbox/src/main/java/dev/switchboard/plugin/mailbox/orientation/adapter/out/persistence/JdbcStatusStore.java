package dev.switchboard.plugin.mailbox.orientation.adapter.out.persistence;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import jakarta.inject.Singleton;

import dev.switchboard.plugin.mailbox.channel.adapter.out.persistence.JdbcQuery;
import dev.switchboard.plugin.mailbox.channel.adapter.out.persistence.JooqTx;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Tx;
import dev.switchboard.plugin.mailbox.orientation.application.port.out.StatusStore;

/**
 * {@link StatusStore} on the mailbox tables in plain JDBC ({@link StatusQueries}, {@link JdbcQuery}; ADR 57), the same
 * SQL on SQLite and PostgreSQL. Stateless and thread-safe.
 */
@Singleton
public final class JdbcStatusStore implements StatusStore {

    @Override
    public List<Unread> unread(Tx tx, String role) {
        return JdbcQuery.translated(
                "reading the unread messages", () -> StatusQueries.unread(connection(tx), tx.channelId(), role));
    }

    @Override
    public Map<String, UnreadCount> unreadCounts(Tx tx, List<String> roles) {
        return JdbcQuery.translated(
                "counting the unread messages",
                () -> StatusQueries.unreadCounts(connection(tx), tx.channelId(), roles));
    }

    @Override
    public List<Map<String, Object>> pins(Tx tx) {
        // plain JDBC, as the counts: every channel_status and /status answer reads these (jOOQ's plain-SQL parsing
        // and records were most of a woken /status answer's read, JFR under the status load bench); the hooks'
        // direct path runs the same query
        return JdbcQuery.translated("reading the pins", () -> StatusQueries.pins(connection(tx), tx.channelId()));
    }

    @Override
    public Map<String, String> lastSeen(Tx tx) {
        Map<String, String> seen = new TreeMap<>();
        JdbcQuery.list(
                        connection(tx),
                        "SELECT role, last_seen FROM mailbox_role_state WHERE channel_id = ? AND last_seen IS NOT NULL",
                        List.of(tx.channelId()),
                        row -> Map.entry(row.getString(1), row.getString(2)))
                .forEach(entry -> seen.put(entry.getKey(), entry.getValue()));
        return seen;
    }

    @Override
    public Optional<String> seenBuild(Tx tx, String role) {
        return JdbcQuery.list(
                        connection(tx),
                        "SELECT seen_build FROM mailbox_role_state WHERE channel_id = ? AND role = ?",
                        List.of(tx.channelId(), role),
                        row -> Optional.ofNullable(row.getString(1)))
                .stream()
                .findFirst()
                .flatMap(seen -> seen);
    }

    @Override
    public void recordSeenBuild(Tx tx, String role, String build) {
        JdbcQuery.translated("recording the role's seen build", () -> {
            try (PreparedStatement upsert = connection(tx)
                    .prepareStatement("INSERT INTO mailbox_role_state (channel_id, role, seen_build) VALUES (?, ?, ?)"
                            + " ON CONFLICT (channel_id, role) DO UPDATE SET seen_build = excluded.seen_build")) {
                upsert.setLong(1, tx.channelId());
                upsert.setString(2, role);
                upsert.setString(3, build);
                return upsert.executeUpdate();
            }
        });
    }

    private static Connection connection(Tx tx) {
        return JooqTx.of(tx).connection();
    }
}
