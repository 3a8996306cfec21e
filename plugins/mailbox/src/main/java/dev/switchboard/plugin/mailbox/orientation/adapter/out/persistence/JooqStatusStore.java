package dev.switchboard.plugin.mailbox.orientation.adapter.out.persistence;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import jakarta.inject.Singleton;

import org.jooq.DSLContext;
import org.jooq.Record;

import dev.switchboard.plugin.mailbox.channel.adapter.out.persistence.JooqTx;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Tx;
import dev.switchboard.plugin.mailbox.orientation.application.port.out.StatusStore;
import dev.switchboard.plugin.mailbox.work.adapter.out.persistence.JdbcQuery;

/**
 * {@link StatusStore} on the mailbox tables, the same SQL on SQLite and PostgreSQL. Stateless and thread-safe.
 */
@Singleton
public final class JooqStatusStore implements StatusStore {

    private static final String PINS = "SELECT p.pin_key, p.title, p.version, p.updated_by, p.updated_at,"
            + " p.approved_by, p.body_sha256, p.body_length_bytes, p.body_length_chars FROM mailbox_pin p"
            + " WHERE p.channel_id = ? AND p.seq = (SELECT MAX(q.seq) FROM mailbox_pin q"
            + " WHERE q.channel_id = p.channel_id AND q.pin_key = p.pin_key) ORDER BY p.pin_key";

    @Override
    public List<Unread> unread(Tx tx, String role) {
        return JdbcQuery.translated(
                "reading the unread messages",
                () -> StatusQueries.unread(JooqTx.of(tx).connection(), tx.channelId(), role));
    }

    @Override
    public UnreadCount unreadCount(Tx tx, String role) {
        return JdbcQuery.translated(
                "counting the unread messages",
                () -> StatusQueries.unreadCount(JooqTx.of(tx).connection(), tx.channelId(), role));
    }

    @Override
    public List<Map<String, Object>> pins(Tx tx) {
        return sql(tx).resultQuery(PINS, tx.channelId()).fetch().stream()
                .map(JooqStatusStore::pin)
                .toList();
    }

    @Override
    public Map<String, String> lastSeen(Tx tx) {
        Map<String, String> seen = new TreeMap<>();
        sql(tx).resultQuery(
                        "SELECT role, last_seen FROM mailbox_role_state WHERE channel_id = ? AND last_seen IS NOT NULL",
                        tx.channelId())
                .fetch()
                .forEach(row -> seen.put(row.get("role", String.class), row.get("last_seen", String.class)));
        return seen;
    }

    @Override
    public Optional<String> seenBuild(Tx tx, String role) {
        return sql(tx).resultQuery(
                        "SELECT seen_build FROM mailbox_role_state WHERE channel_id = ? AND role = ?",
                        tx.channelId(),
                        role)
                .fetchOptional()
                .map(row -> row.get("seen_build", String.class));
    }

    @Override
    public void recordSeenBuild(Tx tx, String role, String build) {
        sql(tx).execute(
                        "INSERT INTO mailbox_role_state (channel_id, role, seen_build) VALUES (?, ?, ?)"
                                + " ON CONFLICT (channel_id, role) DO UPDATE SET seen_build = excluded.seen_build",
                        tx.channelId(),
                        role,
                        build);
    }

    private static Map<String, Object> pin(Record row) {
        Map<String, Object> pin = new LinkedHashMap<>();
        pin.put("key", row.get("pin_key", String.class));
        pin.put("title", row.get("title", String.class));
        pin.put("version", row.get("version", String.class));
        pin.put("updated_by", row.get("updated_by", String.class));
        pin.put("updated_at", row.get("updated_at", String.class));
        pin.put("approved_by", row.get("approved_by", Long.class));
        pin.put("body_sha256", row.get("body_sha256", String.class));
        pin.put("body_length_bytes", row.get("body_length_bytes", Long.class));
        pin.put("body_length_chars", row.get("body_length_chars", Long.class));
        return pin;
    }

    private static DSLContext sql(Tx tx) {
        return JooqTx.of(tx).sql();
    }
}
