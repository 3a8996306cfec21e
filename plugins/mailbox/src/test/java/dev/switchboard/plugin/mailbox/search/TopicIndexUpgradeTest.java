package dev.switchboard.plugin.mailbox.search;

import static dev.switchboard.plugin.mailbox.MailboxHarness.args;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ValueSource;

import dev.switchboard.plugin.mailbox.MailboxHarness;
import dev.switchboard.plugin.mailbox.OlderSchemaStore;
import dev.switchboard.testkit.storage.TestDatabase;
import dev.switchboard.testkit.storage.TestPostgres;

/**
 * Schema version 8 gives SQLite's search an index of the topics alone (ADR 78), which ranks the hits with a term in
 * their topic first. A store written at version 6 is upgraded on start with its live messages' topics indexed (not
 * the deleted ones'), so search_messages ranks them as before; messages sent after the upgrade are indexed too.
 */
@ParameterizedClass(name = "on {0}")
@ValueSource(strings = {"sqlite", "postgres"})
class TopicIndexUpgradeTest {

    private static final String SENT = "2026-08-01T09:00:00.000Z";

    @Parameter
    String backend;

    @TempDir
    Path dir;

    private TestDatabase database;
    private MailboxHarness frontend;

    @BeforeEach
    void writeAVersionSixStoreAndUpgradeIt() {
        database = backend.equals("postgres") ? TestPostgres.database() : null;
        OlderSchemaStore.write(backend, dir, database, 6, connection -> {
            execute(
                    connection,
                    "INSERT INTO mailbox_channel (name, created_at, next_message_id) VALUES ('local', ?, 5)",
                    SENT);
            message(connection, 1, "Rollback plan", "the steps", null);
            message(connection, 2, "notes", "a rollback of the release", null);
            message(connection, 3, "rollback, deleted", "gone", "2026-08-02T09:00:00.000Z");
            message(connection, 4, "misc", "nothing here", null);
            return null;
        });
        frontend = MailboxHarness.builder(backend, dir).database(database).open("frontend");
    }

    @AfterEach
    void close() {
        if (frontend != null) {
            frontend.close();
        } else if (database != null) {
            database.drop();
        }
    }

    @Test
    void theUpgradedStoreRanksTopicHitsFirstAndLeavesDeletedMessagesOut() {
        assertThat(ids("rollback")).containsExactly(1L, 2L);
        assertThat(ids("topic:rollback")).containsExactly(1L);
        assertThat(ids("deleted")).isEmpty();
    }

    @Test
    void messagesSentAfterTheUpgradeAreRankedByTheirTopicsToo() {
        frontend.ok("send_message", args("to", "backend", "topic", "rollback drill", "body", "friday"));
        frontend.ok("send_message", args("to", "backend", "topic", "drill", "body", "rollback friday"));

        assertThat(ids("rollback")).containsExactly(5L, 1L, 6L, 2L);
    }

    private List<Long> ids(String query) {
        return MailboxHarness.result(frontend.ok("search_messages", args("query", query))).stream()
                .map(entry -> ((Number) entry.get("id")).longValue())
                .toList();
    }

    private static void message(Connection connection, long id, String topic, String body, String deletedAt)
            throws SQLException {
        execute(
                connection,
                "INSERT INTO mailbox_message (channel_id, id, from_role, to_role, topic, body, created_at, deleted_at)"
                        + " VALUES (1, ?, 'frontend', 'backend', ?, ?, ?, ?)",
                id,
                topic,
                body,
                SENT,
                deletedAt);
        execute(
                connection,
                "INSERT INTO mailbox_recipient (channel_id, message_id, to_role) VALUES (1, ?, 'backend')",
                id);
    }

    private static void execute(Connection connection, String sql, Object... values) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
            for (int i = 0; i < values.length; i++) {
                statement.setObject(i + 1, values[i]);
            }
            statement.executeUpdate();
        }
    }
}
