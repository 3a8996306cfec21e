package dev.switchboard.plugin.mailbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ValueSource;

import dev.switchboard.ports.storage.SqlStorage;

/** The mailbox schema is applied on both backends and keeps message ids per channel, as the original's ids are. */
@ParameterizedClass(name = "on {0}")
@ValueSource(strings = {"sqlite", "postgres"})
class MailboxSchemaTest {

    @Parameter
    String backend;

    @TempDir
    Path dir;

    private MailboxStore store;

    @BeforeEach
    void open() {
        store = MailboxStore.open(backend, dir);
    }

    @AfterEach
    void close() {
        store.close();
    }

    @Test
    void twoChannelsBothStartTheirMessageIdsAtOneAndAChannelCannotRepeatAnId() {
        SqlStorage storage = store.storage();
        storage.transaction(connection -> {
            long local = channel(connection, "local");
            long other = channel(connection, "other");
            message(connection, local, 1);
            message(connection, other, 1);
            return null;
        });

        assertThat(storage.<Long>transaction(
                        connection -> count(connection, "SELECT count(*) FROM mailbox_message WHERE id = 1")))
                .isEqualTo(2);
        assertThatThrownBy(() -> storage.transaction(connection -> {
                    message(connection, channelId(connection, "local"), 1);
                    return null;
                }))
                .hasStackTraceContaining("mailbox_message");
    }

    @Test
    void aKindOutsideTheOriginalsSixIsRefusedByTheSchema() {
        SqlStorage storage = store.storage();
        assertThatThrownBy(() -> storage.transaction(connection -> {
                    long local = channel(connection, "local");
                    try (PreparedStatement insert = connection.prepareStatement(
                            "INSERT INTO mailbox_message (channel_id, id, from_role, to_role, topic, body, created_at, kind)"
                                    + " VALUES (?, 1, 'frontend', 'backend', 't', 'b', '2026-12-01T00:00:00.000Z', 'memo')")) {
                        insert.setLong(1, local);
                        insert.executeUpdate();
                    }
                    return null;
                }))
                .isNotNull();
        assertThat(storage.<Long>transaction(connection -> count(connection, "SELECT count(*) FROM mailbox_channel")))
                .as("the refused transaction wrote nothing")
                .isZero();
    }

    private static long channel(Connection connection, String name) throws SQLException {
        try (PreparedStatement insert = connection.prepareStatement(
                "INSERT INTO mailbox_channel (name, created_at) VALUES (?, '2026-12-01T00:00:00.000Z')")) {
            insert.setString(1, name);
            insert.executeUpdate();
        }
        return channelId(connection, name);
    }

    private static long channelId(Connection connection, String name) throws SQLException {
        try (PreparedStatement select =
                connection.prepareStatement("SELECT channel_id FROM mailbox_channel WHERE name = ?")) {
            select.setString(1, name);
            try (ResultSet row = select.executeQuery()) {
                row.next();
                return row.getLong(1);
            }
        }
    }

    private static void message(Connection connection, long channel, long id) throws SQLException {
        try (PreparedStatement insert = connection.prepareStatement(
                "INSERT INTO mailbox_message (channel_id, id, from_role, to_role, topic, body, created_at)"
                        + " VALUES (?, ?, 'frontend', 'backend', 'topic', 'body', '2026-12-01T00:00:00.000Z')")) {
            insert.setLong(1, channel);
            insert.setLong(2, id);
            insert.executeUpdate();
        }
    }

    private static long count(Connection connection, String sql) throws SQLException {
        try (PreparedStatement select = connection.prepareStatement(sql);
                ResultSet row = select.executeQuery()) {
            row.next();
            return row.getLong(1);
        }
    }
}
