package dev.switchboard.plugin.mailbox.message.adapter.out.persistence;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.List;

import org.jooq.exception.DataAccessException;

import dev.switchboard.plugin.mailbox.channel.adapter.out.persistence.Json;
import dev.switchboard.plugin.mailbox.channel.domain.Message;
import dev.switchboard.plugin.mailbox.channel.domain.Recipient;
import dev.switchboard.plugin.mailbox.message.application.port.out.NewMessage;

/**
 * The writes of {@code send_message}, the mailbox's hottest write, in plain JDBC with fixed SQL (the same text on
 * SQLite and PostgreSQL): three statements (allocate the id with {@code UPDATE ... RETURNING}, insert the row, insert
 * the recipients in one statement), and the stored message built from the values written instead of read back. Under
 * the channel's lock every statement's cost is paid by every other writer of the channel; rendering the same
 * statements through jOOQ and reading the message back (three more queries) was most of a send's time there (JFR,
 * docs/performance.md). A failure is thrown as jOOQ's {@link DataAccessException}, as the store's jOOQ statements
 * are. Stateless.
 */
final class MessageInsert {

    private static final String NEXT_ID = "UPDATE mailbox_channel SET next_message_id = next_message_id + 1"
            + " WHERE channel_id = ? RETURNING next_message_id - 1";

    private static final String MESSAGE = "INSERT INTO mailbox_message (channel_id, id, from_role, to_role, topic,"
            + " body, body_ref, action_required, reply_to, created_at, status, kind, work_status, pin_key,"
            + " about_message_id, voters, addenda, decision_requested)"
            + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";

    private static final String RECIPIENTS = "INSERT INTO mailbox_recipient (channel_id, message_id, to_role) VALUES ";

    private MessageInsert() {}

    /**
     * @param connection the write transaction's connection, holding the channel's lock
     * @param channelId  the channel
     * @param now        the transaction's time, a mailbox timestamp
     * @param message    what to store
     * @return the message as stored: the channel's next id, {@code status open} for a debt, every recipient unread
     *     and unopened (sorted by role, as the store reads them), no blockers
     * @throws DataAccessException if a statement fails (the caller's transaction rolls back)
     */
    static Message insert(Connection connection, long channelId, String now, NewMessage message) {
        String status = message.actionRequired() ? "open" : null;
        String voters = Json.write(message.voters());
        String addenda = message.addenda().isEmpty() ? null : Json.write(message.addenda());
        List<String> roles = message.recipients().stream().sorted().toList();
        long id;
        try {
            id = nextId(connection, channelId);
            try (PreparedStatement row = connection.prepareStatement(MESSAGE)) {
                row.setLong(1, channelId);
                row.setLong(2, id);
                row.setString(3, message.from());
                row.setString(4, message.toRole());
                row.setString(5, message.topic());
                row.setString(6, message.body());
                setLong(row, 7, message.bodyRef());
                row.setLong(8, message.actionRequired() ? 1 : 0);
                setLong(row, 9, message.replyTo());
                row.setString(10, now);
                setText(row, 11, status);
                setText(row, 12, message.kind());
                setText(row, 13, message.workStatus());
                setText(row, 14, message.pinKey());
                setLong(row, 15, message.aboutMessageId());
                setText(row, 16, voters);
                setText(row, 17, addenda);
                row.setLong(18, message.decisionRequested() ? 1 : 0);
                row.executeUpdate();
            }
            if (!roles.isEmpty()) {
                try (PreparedStatement recipients = connection.prepareStatement(recipientsSql(roles.size()))) {
                    int column = 1;
                    for (String role : roles) {
                        recipients.setLong(column++, channelId);
                        recipients.setLong(column++, id);
                        recipients.setString(column++, role);
                    }
                    recipients.executeUpdate();
                }
            }
        } catch (SQLException e) {
            throw new DataAccessException("storing a message failed: " + e.getMessage(), e);
        }
        return new Message(
                id,
                message.from(),
                message.toRole(),
                roles.stream().map(role -> new Recipient(role, null, null)).toList(),
                message.topic(),
                message.body(),
                message.bodyRef(),
                message.actionRequired(),
                message.replyTo(),
                now,
                status,
                null,
                null,
                null,
                message.kind(),
                message.workStatus(),
                null,
                message.pinKey(),
                message.aboutMessageId(),
                message.voters(),
                null,
                message.addenda(),
                message.decisionRequested(),
                null,
                List.of(),
                null);
    }

    private static long nextId(Connection connection, long channelId) throws SQLException {
        try (PreparedStatement next = connection.prepareStatement(NEXT_ID)) {
            next.setLong(1, channelId);
            try (ResultSet row = next.executeQuery()) {
                if (!row.next()) {
                    throw new SQLException("channel " + channelId + " does not exist");
                }
                return row.getLong(1);
            }
        }
    }

    private static String recipientsSql(int count) {
        StringBuilder sql = new StringBuilder(RECIPIENTS.length() + count * 11).append(RECIPIENTS);
        for (int i = 0; i < count; i++) {
            sql.append(i == 0 ? "(?, ?, ?)" : ", (?, ?, ?)");
        }
        return sql.toString();
    }

    private static void setLong(PreparedStatement statement, int column, Long value) throws SQLException {
        if (value == null) {
            statement.setNull(column, Types.BIGINT);
        } else {
            statement.setLong(column, value);
        }
    }

    private static void setText(PreparedStatement statement, int column, String value) throws SQLException {
        if (value == null) {
            statement.setNull(column, Types.VARCHAR);
        } else {
            statement.setString(column, value);
        }
    }
}
