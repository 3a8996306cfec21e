package dev.switchboard.plugin.mailbox.work;

import static dev.switchboard.plugin.mailbox.MailboxHarness.args;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
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
 * Schema version 2 keeps each message's work trail (the marks of its history) on the message. A store written at
 * version 1, with debts in every state, is upgraded on start, and every view the work rules feed (the counts and task
 * lists of {@code channel_status}, the untaken debts, the idle time of {@code open_obligations}) reads as version 1
 * derived it from the events; the tools' later events keep the columns.
 */
@ParameterizedClass(name = "on {0}")
@ValueSource(strings = {"sqlite", "postgres"})
class WorkTrailBackfillTest {

    private static final String SENT = "2026-08-01T09:00:00.000Z";

    @Parameter
    String backend;

    @TempDir
    Path dir;

    private TestDatabase database;
    private MailboxHarness frontend;

    @BeforeEach
    void writeAVersionOneStoreAndUpgradeIt() {
        database = backend.equals("postgres") ? TestPostgres.database() : null;
        OlderSchemaStore.write(backend, dir, database, 1, connection -> {
            seed(connection);
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

    /**
     * Debts from frontend to backend, one per state: 1 open and untouched; 2 taken (in_progress by backend); 3 taken,
     * resolved and reopened (untaken again); 4 resolved; 5 resolved and confirmed; 6 resolved, confirmed, reopened and
     * resolved again; 7 done_local by backend; 8 blocked by backend behind live #1; 9 blocked behind resolved #4;
     * 10 needs_you by backend.
     */
    private static void seed(Connection connection) throws SQLException {
        execute(
                connection,
                "INSERT INTO mailbox_channel (name, created_at, next_message_id) VALUES ('local', ?, 11)",
                SENT);
        debt(connection, 1, "open", null);
        debt(connection, 2, "open", "in_progress");
        debt(connection, 3, "open", "in_progress");
        debt(connection, 4, "resolved", null);
        debt(connection, 5, "resolved", null);
        debt(connection, 6, "resolved", null);
        debt(connection, 7, "open", "done_local");
        debt(connection, 8, "open", "blocked");
        debt(connection, 9, "open", "blocked");
        debt(connection, 10, "open", "needs_you");
        event(connection, 2, "work_status:in_progress", "backend", "2026-08-07T09:00:00.000Z");
        event(connection, 3, "work_status:in_progress", "backend", "2026-08-03T09:00:00.000Z");
        event(connection, 3, "resolve", "backend", "2026-08-04T09:00:00.000Z");
        event(connection, 3, "reopen", "frontend", "2026-08-08T09:00:00.000Z");
        event(connection, 4, "resolve", "backend", "2026-08-05T09:00:00.000Z");
        event(connection, 5, "resolve", "backend", "2026-08-05T09:00:00.000Z");
        event(connection, 5, "resolution_confirmed", "frontend", "2026-08-06T09:00:00.000Z");
        event(connection, 6, "resolve", "backend", "2026-08-02T09:00:00.000Z");
        event(connection, 6, "resolution_confirmed", "frontend", "2026-08-03T09:00:00.000Z");
        event(connection, 6, "reopen", "frontend", "2026-08-04T09:00:00.000Z");
        event(connection, 6, "resolve", "backend", "2026-08-05T09:00:00.000Z");
        event(connection, 7, "work_status:in_progress", "backend", "2026-08-02T09:00:00.000Z");
        event(connection, 7, "work_status:done_local", "backend", "2026-08-06T09:00:00.000Z");
        event(connection, 8, "work_status:blocked", "backend", "2026-08-06T09:00:00.000Z");
        event(connection, 9, "work_status:blocked", "backend", "2026-08-06T09:00:00.000Z");
        event(connection, 10, "work_status:needs_you", "backend", "2026-08-06T09:00:00.000Z");
        execute(connection, "INSERT INTO mailbox_blocker (channel_id, message_id, blocker_id) VALUES (1, 8, 1)");
        execute(connection, "INSERT INTO mailbox_blocker (channel_id, message_id, blocker_id) VALUES (1, 9, 4)");
    }

    private static void debt(Connection connection, long id, String status, String workStatus) throws SQLException {
        boolean resolved = status.equals("resolved");
        execute(
                connection,
                "INSERT INTO mailbox_message (channel_id, id, from_role, to_role, topic, body, action_required,"
                        + " created_at, status, resolved_by, resolved_at, kind, work_status)"
                        + " VALUES (1, ?, 'frontend', 'backend', ?, 'fix it', 1, ?, ?, ?, ?, 'bug', ?)",
                id,
                "debt " + id,
                SENT,
                status,
                resolved ? "backend" : null,
                resolved ? "2026-08-05T09:00:00.000Z" : null,
                workStatus);
        execute(
                connection,
                "INSERT INTO mailbox_recipient (channel_id, message_id, to_role) VALUES (1, ?, 'backend')",
                id);
    }

    private static void event(Connection connection, long id, String event, String role, String at)
            throws SQLException {
        execute(
                connection,
                "INSERT INTO mailbox_event (channel_id, message_id, event, role, created_at) VALUES (1, ?, ?, ?, ?)",
                id,
                event,
                role,
                at);
    }

    private static void execute(Connection connection, String sql, Object... values) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
            for (int i = 0; i < values.length; i++) {
                statement.setObject(i + 1, values[i]);
            }
            statement.executeUpdate();
        }
    }

    @SuppressWarnings("unchecked")
    private static List<Long> listed(Map<String, Object> status, String list) {
        return ((List<Map<String, Object>>) status.get(list))
                .stream().map(entry -> ((Number) entry.get("id")).longValue()).toList();
    }

    @Test
    @DisplayName("the addressee's counts and lists after the upgrade are the ones its events give")
    void theAddresseesStatusAfterTheUpgradeFollowsTheVersionOneEvents() {
        Map<String, Object> status = frontend.as("backend").ok("channel_status", Map.of());

        assertThat((Map<String, Object>) status.get("counts"))
                .containsEntry("open_obligations", 7)
                .containsEntry("open_obligations_untaken", 2);
        assertThat(listed(status, "in_progress")).containsExactly(2L, 3L);
        assertThat(listed(status, "blocked")).containsExactly(8L);
        assertThat(listed(status, "unblocked")).containsExactly(9L);
        assertThat(listed(status, "needs_you")).isEmpty();
        assertThat(listed(status, "awaiting_done")).isEmpty();
        assertThat(listed(status, "resolved_for_you")).isEmpty();
        assertThat(MailboxHarness.ids(frontend.as("backend").ok("ready_work", Map.of())))
                .as("ready work: every open debt but #8, behind live #1")
                .containsExactly(1L, 2L, 3L, 7L, 9L, 10L);
    }

    @Test
    @DisplayName("the author's lists after the upgrade: the ball at it, done_local to close, resolutions to confirm")
    void theAuthorsListsAfterTheUpgradeFollowTheVersionOneEvents() {
        Map<String, Object> status = frontend.ok("channel_status", Map.of());

        assertThat(listed(status, "needs_you")).containsExactly(10L);
        assertThat(listed(status, "awaiting_done")).containsExactly(7L);
        assertThat(listed(status, "resolved_for_you"))
                .as("#5 is confirmed; #6 was resolved again after its confirmation")
                .containsExactly(4L, 6L);
        assertThat(listed(status, "in_progress")).isEmpty();
        assertThat(listed(status, "blocked")).isEmpty();
    }

    @Test
    @DisplayName("open_obligations' idle days after the upgrade count from the last transition, resolve or reopen")
    void idleDaysAfterTheUpgradeCountFromTheLastMovement() {
        Map<Long, Object> idle = new HashMap<>();
        MailboxHarness.result(frontend.as("backend").ok("open_obligations", Map.of()))
                .forEach(entry -> idle.put(((Number) entry.get("id")).longValue(), entry.get("idle_days")));

        assertThat(idle)
                .as("#1 never moved (sent 9 days ago); #2 moved 3 days ago; #3 was reopened 2 days ago")
                .containsEntry(1L, 9L)
                .containsEntry(2L, 3L)
                .containsEntry(3L, 2L);
    }

    @Test
    @DisplayName("after the upgrade the tools' events keep the trail: a take and a confirmation move the lists")
    void eventsWrittenAfterTheUpgradeKeepTheTrail() {
        MailboxHarness backendRole = frontend.as("backend");
        backendRole.ok("set_work_status", args("message_id", 1, "work_status", "in_progress"));
        frontend.ok("confirm_resolution", args("message_id", 4));

        Map<String, Object> backendStatus = backendRole.ok("channel_status", Map.of());
        assertThat((Map<String, Object>) backendStatus.get("counts")).containsEntry("open_obligations_untaken", 1);
        assertThat(listed(backendStatus, "in_progress")).containsExactly(1L, 2L, 3L);
        assertThat(listed(frontend.ok("channel_status", Map.of()), "resolved_for_you"))
                .containsExactly(6L);
    }
}
