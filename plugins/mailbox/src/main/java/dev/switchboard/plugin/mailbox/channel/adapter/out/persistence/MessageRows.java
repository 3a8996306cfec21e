package dev.switchboard.plugin.mailbox.channel.adapter.out.persistence;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.jooq.Condition;
import org.jooq.Field;
import org.jooq.Query;
import org.jooq.SortField;
import org.jooq.exception.DataAccessException;
import org.jooq.impl.DSL;
import org.jooq.impl.SQLDataType;

import dev.switchboard.plugin.mailbox.channel.adapter.out.persistence.MailboxTables.Messages;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Tx;
import dev.switchboard.plugin.mailbox.channel.domain.Message;
import dev.switchboard.plugin.mailbox.channel.domain.Recipient;

/**
 * Loads {@link Message}s of the transaction's channel (row, recipients, blockers: three queries for any number of
 * messages), for every mailbox persistence adapter that returns messages: whole, or with at most a number of each
 * body's characters, cut by the database ({@code substr}, counting code points on SQLite and PostgreSQL alike) with
 * the whole body's length beside it, so the rest of an 8 MiB body never leaves the database. Stateless.
 */
public final class MessageRows {

    private MessageRows() {}

    /**
     * @param tx    the transaction (its channel is added to {@code where})
     * @param where which messages (conditions on {@link Messages})
     * @param order their order
     * @param limit the most to load, or null for all
     * @return the messages, in {@code order}
     */
    public static List<Message> select(Tx tx, Condition where, List<? extends SortField<?>> order, Integer limit) {
        return select(tx, where, order, limit, WHOLE);
    }

    /** Every column but the body, in {@link Messages#ALL}'s order around it (see {@link #message}). */
    private static final String BEFORE_BODY = "SELECT channel_id, id, from_role, to_role, topic, ";

    private static final String AFTER_BODY = ", body_ref, action_required, reply_to, created_at, status, resolved_by,"
            + " resolved_at, resolution_note, kind, work_status, deleted_at, pin_key, about_message_id, voters,"
            + " superseded_at, addenda, decision_requested, revised_at";

    /**
     * The messages with these ids, by plain SQL (no query built per call: the listings' hot path), as
     * {@link #select(Tx, Condition, List, Integer, int)} reads them.
     *
     * @param tx        the transaction (its channel)
     * @param ids       message ids, in any order
     * @param bodyChars as {@link #select(Tx, Condition, List, Integer, int)}
     * @return the messages that exist, tombstones included, in id order
     */
    public static List<Message> byIds(Tx tx, Collection<Long> ids, int bodyChars) {
        if (bodyChars < 0) {
            throw new IllegalArgumentException("bodyChars must be 0 or more, got " + bodyChars);
        }
        if (ids.isEmpty()) {
            return List.of();
        }
        String body =
                bodyChars == WHOLE ? "body" : bodyChars == 0 ? "'' AS body" : "substr(body, 1, " + bodyChars + ")";
        String sql = BEFORE_BODY + body + AFTER_BODY + (bodyChars == WHOLE ? "" : ", length(body)")
                + " FROM mailbox_message WHERE channel_id = ? AND id IN (%s)" + " ORDER BY id";
        JooqTx jooq = JooqTx.of(tx);
        List<Message> messages = new ArrayList<>(ids.size());
        try {
            for (List<Long> chunk : chunks(new java.util.TreeSet<>(ids))) {
                List<Message> rows = new ArrayList<>(chunk.size());
                try (PreparedStatement select = inChunk(jooq.connection(), sql, tx.channelId(), chunk);
                        ResultSet row = select.executeQuery()) {
                    while (row.next()) {
                        rows.add(message(row, bodyChars != WHOLE));
                    }
                }
                messages.addAll(withChildren(jooq.connection(), tx.channelId(), rows));
            }
        } catch (SQLException e) {
            throw new DataAccessException("reading messages failed: " + e.getMessage(), e);
        }
        return messages;
    }

    /**
     * How many of the channel's newest messages {@link #inbox} looks through first, per message it returns: a role
     * that receives at least one message in this many finds its page there, by the channel's id index, newest first.
     */
    static final int INBOX_WINDOW_PER_MESSAGE = 4;

    /**
     * The newest live messages addressed to a role, in one query for the rows when they are among the channel's newest
     * ({@link #INBOX_WINDOW_PER_MESSAGE} per message asked for: walked newest first by the channel's id index, each
     * probed for the role's recipient row, which stops at the limit), and a second query for the rest further back
     * (the role's recipient rows first, which costs per recipient row of the channel, so a role with little mail does
     * not walk every message); then their recipients and blockers, as {@link #byIds}.
     *
     * @param tx         the transaction (its channel)
     * @param role       the recipient
     * @param unreadOnly only messages the role has not marked read
     * @param limit      the most to return, 1 and up
     * @param bodyChars  as {@link #select(Tx, Condition, List, Integer, int)}
     * @return the messages, newest first
     */
    public static List<Message> inbox(Tx tx, String role, boolean unreadOnly, int limit, int bodyChars) {
        if (bodyChars < 0 || limit < 1) {
            throw new IllegalArgumentException(
                    "bodyChars must be 0 or more and limit 1 or more, got " + bodyChars + " and " + limit);
        }
        String body =
                bodyChars == WHOLE ? "body" : bodyChars == 0 ? "'' AS body" : "substr(body, 1, " + bodyChars + ")";
        String select = BEFORE_BODY + body + AFTER_BODY + (bodyChars == WHOLE ? "" : ", length(body)")
                + " FROM mailbox_message WHERE channel_id = ? AND deleted_at IS NULL";
        String unread = unreadOnly ? " AND mailbox_recipient.read_at IS NULL" : "";
        String newest = select + " AND id > ? AND EXISTS (SELECT 1 FROM mailbox_recipient WHERE"
                + " mailbox_recipient.channel_id = mailbox_message.channel_id AND mailbox_recipient.message_id ="
                + " mailbox_message.id AND mailbox_recipient.to_role = ?" + unread + ") ORDER BY id DESC LIMIT ?";
        String older =
                select + " AND id <= ? AND id IN (SELECT mailbox_recipient.message_id FROM mailbox_recipient WHERE"
                        + " mailbox_recipient.channel_id = ? AND mailbox_recipient.to_role = ?" + unread
                        + ") ORDER BY id DESC LIMIT ?";
        Connection connection = JooqTx.of(tx).connection();
        long channel = tx.channelId();
        try {
            long window = (long) INBOX_WINDOW_PER_MESSAGE * limit;
            long from = Math.max(0, newestId(connection, channel) - window);
            List<Message> rows = new ArrayList<>(Math.min(limit, 1024));
            try (PreparedStatement query = connection.prepareStatement(newest)) {
                query.setLong(1, channel);
                query.setLong(2, from);
                query.setString(3, role);
                query.setInt(4, limit);
                read(query, bodyChars != WHOLE, rows);
            }
            if (rows.size() < limit && from > 0) {
                try (PreparedStatement query = connection.prepareStatement(older)) {
                    query.setLong(1, channel);
                    query.setLong(2, from);
                    query.setLong(3, channel);
                    query.setString(4, role);
                    query.setInt(5, limit - rows.size());
                    read(query, bodyChars != WHOLE, rows);
                }
            }
            return withChildren(connection, channel, rows);
        } catch (SQLException e) {
            throw new DataAccessException("reading the inbox failed: " + e.getMessage(), e);
        }
    }

    /** @return the channel's highest message id, 0 when it has none */
    private static long newestId(Connection connection, long channel) throws SQLException {
        try (PreparedStatement query =
                connection.prepareStatement("SELECT max(id) FROM mailbox_message WHERE channel_id = ?")) {
            query.setLong(1, channel);
            try (ResultSet row = query.executeQuery()) {
                return row.next() ? row.getLong(1) : 0;
            }
        }
    }

    private static void read(PreparedStatement query, boolean cut, List<Message> into) throws SQLException {
        try (ResultSet row = query.executeQuery()) {
            while (row.next()) {
                into.add(message(row, cut));
            }
        }
    }

    /** The {@code bodyChars} of {@link #select(Tx, Condition, List, Integer, int)} for whole bodies. */
    public static final int WHOLE = Integer.MAX_VALUE;

    /** The whole body's length in code points, beside a cut body. */
    private static final Field<Long> BODY_CHARS =
            DSL.charLength(Messages.BODY).cast(SQLDataType.BIGINT).as("body_chars");

    /**
     * @param tx        the transaction (its channel is added to {@code where})
     * @param where     which messages (conditions on {@link Messages})
     * @param order     their order
     * @param limit     the most to load, or null for all
     * @param bodyChars how many characters (code points) of each body to load: {@link #WHOLE}, or 0 and up; a message
     *                  read with less than {@code WHOLE} has {@link Message#bodyChars()} set, even when its body
     *                  was shorter than the cut
     * @return the messages, in {@code order}
     */
    public static List<Message> select(
            Tx tx, Condition where, List<? extends SortField<?>> order, Integer limit, int bodyChars) {
        if (bodyChars < 0) {
            throw new IllegalArgumentException("bodyChars must be 0 or more, got " + bodyChars);
        }
        JooqTx jooq = JooqTx.of(tx);
        List<Field<?>> columns = Messages.ALL;
        if (bodyChars != WHOLE) {
            columns = new ArrayList<>(Messages.ALL);
            columns.set(
                    columns.indexOf(Messages.BODY),
                    (bodyChars == 0 ? DSL.inline("") : DSL.substring(Messages.BODY, 1, bodyChars))
                            .as(Messages.BODY.getUnqualifiedName()));
            columns.add(BODY_CHARS);
        }
        var query = jooq.sql()
                .select(columns)
                .from(Messages.TABLE)
                .where(Messages.CHANNEL_ID.eq(tx.channelId()))
                .and(where)
                .orderBy(order);
        // jOOQ writes the SQL; the rows are read by column position over plain JDBC: mapping a page of messages
        // through jOOQ's records cost most of a listing's time
        Query rendered = limit == null ? query : query.limit(limit);
        try {
            return load(jooq.connection(), tx.channelId(), rendered, bodyChars != WHOLE);
        } catch (SQLException e) {
            throw new DataAccessException("reading messages failed: " + e.getMessage(), e);
        }
    }

    private static List<Message> load(Connection connection, long channel, Query query, boolean cut)
            throws SQLException {
        List<Message> rows = new ArrayList<>();
        try (PreparedStatement select = connection.prepareStatement(query.getSQL())) {
            List<Object> binds = query.getBindValues();
            for (int i = 0; i < binds.size(); i++) {
                select.setObject(i + 1, binds.get(i));
            }
            try (ResultSet row = select.executeQuery()) {
                while (row.next()) {
                    rows.add(message(row, cut));
                }
            }
        }
        return withChildren(connection, channel, rows);
    }

    /** @return the rows with their recipients and blockers, three queries for any number of rows */
    private static List<Message> withChildren(Connection connection, long channel, List<Message> rows)
            throws SQLException {
        if (rows.isEmpty()) {
            return List.of();
        }
        List<Long> ids = new ArrayList<>(rows.size());
        for (Message message : rows) {
            ids.add(message.id());
        }
        Map<Long, List<Recipient>> recipients = recipients(connection, channel, ids);
        Map<Long, List<Long>> blockers = blockers(connection, channel, ids);
        List<Message> messages = new ArrayList<>(rows.size());
        for (Message row : rows) {
            List<Recipient> to = recipients.getOrDefault(row.id(), List.of());
            List<Long> blockedBy = blockers.getOrDefault(row.id(), List.of());
            messages.add(to.isEmpty() && blockedBy.isEmpty() ? row : row.with(to, blockedBy));
        }
        return messages;
    }

    private static final String RECIPIENTS = "SELECT message_id, to_role, opened_at, read_at FROM mailbox_recipient"
            + " WHERE channel_id = ? AND message_id IN (%s) ORDER BY message_id, to_role";

    private static final String BLOCKERS = "SELECT message_id, blocker_id FROM mailbox_blocker"
            + " WHERE channel_id = ? AND message_id IN (%s) ORDER BY message_id, blocker_id";

    private static Map<Long, List<Recipient>> recipients(Connection connection, long channel, Collection<Long> ids)
            throws SQLException {
        Map<Long, List<Recipient>> byMessage = new HashMap<>();
        for (List<Long> chunk : chunks(ids)) {
            try (PreparedStatement select = inChunk(connection, RECIPIENTS, channel, chunk);
                    ResultSet row = select.executeQuery()) {
                while (row.next()) {
                    byMessage
                            .computeIfAbsent(row.getLong(1), id -> new ArrayList<>())
                            .add(new Recipient(row.getString(2), row.getString(3), row.getString(4)));
                }
            }
        }
        return byMessage;
    }

    private static Map<Long, List<Long>> blockers(Connection connection, long channel, Collection<Long> ids)
            throws SQLException {
        Map<Long, List<Long>> byMessage = new HashMap<>();
        for (List<Long> chunk : chunks(ids)) {
            try (PreparedStatement select = inChunk(connection, BLOCKERS, channel, chunk);
                    ResultSet row = select.executeQuery()) {
                while (row.next()) {
                    byMessage
                            .computeIfAbsent(row.getLong(1), id -> new ArrayList<>())
                            .add(row.getLong(2));
                }
            }
        }
        return byMessage;
    }

    /** @return {@code sql} with one placeholder per id in its {@code IN (%s)}, the channel and the ids bound */
    private static PreparedStatement inChunk(Connection connection, String sql, long channel, List<Long> chunk)
            throws SQLException {
        int at = sql.indexOf("%s");
        StringBuilder text = new StringBuilder(sql.length() + 2 * chunk.size()).append(sql, 0, at);
        for (int i = 0; i < chunk.size(); i++) {
            text.append(i == 0 ? "?" : ",?");
        }
        PreparedStatement select = connection.prepareStatement(
                text.append(sql, at + 2, sql.length()).toString());
        try {
            select.setLong(1, channel);
            for (int i = 0; i < chunk.size(); i++) {
                select.setLong(i + 2, chunk.get(i));
            }
            return select;
        } catch (SQLException e) {
            select.close();
            throw e;
        }
    }

    /** SQLite binds at most 32,766 parameters per statement; stay far below. */
    private static List<List<Long>> chunks(Collection<Long> ids) {
        List<Long> all = List.copyOf(ids);
        List<List<Long>> chunks = new ArrayList<>();
        for (int from = 0; from < all.size(); from += 1000) {
            chunks.add(all.subList(from, Math.min(all.size(), from + 1000)));
        }
        return chunks;
    }

    /** @return a nullable BIGINT column */
    private static Long nullableLong(ResultSet row, int column) throws SQLException {
        long value = row.getLong(column);
        return row.wasNull() ? null : value;
    }

    /**
     * @return the row's message, without recipients and blockers; the columns in {@link Messages#ALL}'s order
     *     (1-based: channel_id first), then the whole body's length when the body was {@code cut}
     */
    private static Message message(ResultSet row, boolean cut) throws SQLException {
        return new Message(
                row.getLong(2),
                row.getString(3),
                row.getString(4),
                List.of(),
                row.getString(5),
                row.getString(6),
                nullableLong(row, 7),
                row.getInt(8) == 1,
                nullableLong(row, 9),
                row.getString(10),
                row.getString(11),
                row.getString(12),
                row.getString(13),
                row.getString(14),
                row.getString(15),
                row.getString(16),
                row.getString(17),
                row.getString(18),
                nullableLong(row, 19),
                Json.strings(row.getString(20)),
                row.getString(21),
                Json.stringMap(row.getString(22)),
                row.getInt(23) == 1,
                row.getString(24),
                List.of(),
                cut ? row.getLong(25) : null);
    }
}
