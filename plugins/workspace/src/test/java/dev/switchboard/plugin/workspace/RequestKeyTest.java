package dev.switchboard.plugin.workspace;

import static dev.switchboard.plugin.workspace.WorkspaceHarness.args;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ValueSource;

import dev.switchboard.ports.tool.ToolResult;

@ParameterizedClass(name = "on {0}")
@ValueSource(strings = {ReceiptDatabase.SQLITE, ReceiptDatabase.POSTGRES})
class RequestKeyTest {

    @Parameter
    String backend;

    @TempDir
    Path state;

    @TempDir
    Path home;

    private ReceiptDatabase database;

    @BeforeEach
    void openDatabase() {
        database = ReceiptDatabase.of(backend, state);
    }

    @AfterEach
    void dropDatabase() {
        database.drop();
    }

    private static Map<String, Object> write(String id, String key, String content) {
        return args(
                "workspace_id",
                id,
                "request_key",
                key,
                "path",
                "a.txt",
                "content",
                content,
                "expected_revision",
                "missing");
    }

    @Test
    @DisplayName("request keys with a space, a NUL or a character outside [A-Za-z0-9._:-] are refused")
    void requestKeysOutsideTheCharacterSetAreRefused() throws Exception {
        try (WorkspaceHarness harness = new WorkspaceHarness(database, home)) {
            String id = harness.open(home);
            for (String key : new String[] {"with space", "nul\0key", "caf\u00e9", "semi;colon", "k".repeat(201)}) {
                var failure = harness.refused("write", write(id, key, "x"), "INVALID_ARGUMENTS");
                assertThat(failure.details()).as(key).containsEntry("field", "request_key");
            }
            assertThat(home.resolve("a.txt")).doesNotExist();

            harness.ok("write", write(id, "Task-42:step_3.retry", "x"));
            assertThat(home.resolve("a.txt")).hasContent("x");
        }
    }

    @Test
    void theSameKeyAndArgumentsReplayWithoutWritingAgain() throws Exception {
        try (WorkspaceHarness harness = new WorkspaceHarness(database, home)) {
            String id = harness.open(home);
            harness.ok("write", write(id, "k", "first"));
            Files.writeString(home.resolve("a.txt"), "changed by someone else");

            Map<String, Object> replay = harness.ok("write", write(id, "k", "first"));

            assertThat(replay).containsEntry("replayed", true);
            assertThat(home.resolve("a.txt")).hasContent("changed by someone else");
        }
    }

    @Test
    @DisplayName("52: the same request key with other arguments is REQUEST_KEY_CONFLICT and nothing runs")
    void theSameKeyWithOtherArgumentsIsAConflict() throws Exception {
        try (WorkspaceHarness harness = new WorkspaceHarness(database, home)) {
            String id = harness.open(home);
            harness.ok("write", write(id, "k", "first"));
            Files.delete(home.resolve("a.txt"));

            harness.refused("write", write(id, "k", "second"), "REQUEST_KEY_CONFLICT");

            assertThat(home.resolve("a.txt")).doesNotExist();
        }
    }

    @Test
    @DisplayName("53: the same request key in another workspace is an independent operation")
    void theSameKeyInAnotherWorkspaceRuns() throws Exception {
        try (WorkspaceHarness harness = new WorkspaceHarness(database, home)) {
            harness.ok("write", write(harness.open(home), "k", "first"));
            Files.delete(home.resolve("a.txt"));

            assertThat(harness.ok("write", write(harness.open(home), "k", "first")))
                    .doesNotContainKey("replayed");
            assertThat(home.resolve("a.txt")).hasContent("first");
        }
    }

    @Test
    @DisplayName("62: after workspace_close a retry with the original key replays; a new key is WORKSPACE_EXPIRED")
    void aKeyReplaysAfterItsWorkspaceClosed() throws Exception {
        try (WorkspaceHarness harness = new WorkspaceHarness(database, home)) {
            String id = harness.open(home);
            Map<String, Object> original = harness.ok("write", write(id, "k", "first"));
            harness.ok("workspace_close", Map.of("workspace_id", id));

            assertThat(harness.ok("write", write(id, "k", "first")))
                    .containsEntry("replayed", true)
                    .containsEntry("output", original.get("output"));
            harness.refused("write", write(id, "new-key", "first"), "WORKSPACE_EXPIRED");
            harness.refused("write", write(id, "new-key", "first"), "WORKSPACE_EXPIRED");
        }
    }

    @Test
    @DisplayName("63: after a restart a completed key replays as RECORDED_OUTCOME and does not run again")
    void aCompletedKeyReplaysFromTheDurableReceiptAfterRestart() throws Exception {
        String id;
        try (WorkspaceHarness first = new WorkspaceHarness(database, home)) {
            id = first.open(home);
            first.ok("write", write(id, "k", "first"));
        }
        Files.delete(home.resolve("a.txt"));
        try (WorkspaceHarness restarted = new WorkspaceHarness(database, home)) {
            Map<String, Object> replay = restarted.ok("write", write(id, "k", "first"));

            assertThat(replay)
                    .containsEntry("replayed", true)
                    .containsEntry("code", "RECORDED_OUTCOME")
                    .containsEntry("status", "completed");
            assertThat((String) replay.get("output")).contains("already dispatched");
            restarted.refused("write", write(id, "k", "other"), "REQUEST_KEY_CONFLICT");
        }
        assertThat(home.resolve("a.txt")).doesNotExist();
    }

    @Test
    @DisplayName("64: a key whose call was started when the server died is OUTCOME_UNCERTAIN and is not re-run")
    void aStartedKeyWithoutALiveCallIsUncertain() throws Exception {
        String id;
        try (WorkspaceHarness first = new WorkspaceHarness(database, home)) {
            id = first.open(home);
            first.ok("write", write(id, "k", "first"));
        }
        // What a crash between the intent row and the outcome leaves behind.
        sql("UPDATE workspace_receipt SET status = 'started'");
        Files.delete(home.resolve("a.txt"));
        try (WorkspaceHarness restarted = new WorkspaceHarness(database, home)) {
            restarted.refused("write", write(id, "k", "first"), "OUTCOME_UNCERTAIN");
        }
        assertThat(home.resolve("a.txt")).doesNotExist();
    }

    @Test
    void aReceiptDatabaseLockedPastTheWaitAnswersUnavailableAndTheKeyStaysFree() throws Exception {
        ReceiptDatabase locked = database.withShortLockWait();
        try (WorkspaceHarness harness = new WorkspaceHarness(locked, home);
                Connection other = locked.connect()) {
            String id = harness.open(home);
            locked.lockReceipts(other);

            ToolResult.Failure busy = harness.refused("write", write(id, "k", "first"), "UNAVAILABLE");
            locked.unlockReceipts(other);

            assertThat(busy.details()).containsEntry("retryable", true);
            assertThat(home.resolve("a.txt")).doesNotExist();
            assertThat(harness.ok("write", write(id, "k", "first"))).doesNotContainKey("replayed");
            assertThat(home.resolve("a.txt")).hasContent("first");
        }
    }

    @Test
    @DisplayName("66: receipts hold no file content")
    void receiptsHoldNoContent() throws Exception {
        try (WorkspaceHarness harness = new WorkspaceHarness(database, home)) {
            harness.ok("write", write(harness.open(home), "k", "secret-content-42"));
        }
        try (Connection db = database.connect();
                Statement statement = db.createStatement();
                ResultSet rows = statement.executeQuery("SELECT * FROM workspace_receipt")) {
            int columns = rows.getMetaData().getColumnCount();
            int count = 0;
            while (rows.next()) {
                count++;
                for (int i = 1; i <= columns; i++) {
                    assertThat(String.valueOf(rows.getString(i))).doesNotContain("secret-content-42");
                }
            }
            assertThat(count).isEqualTo(1);
        }
    }

    private void sql(String statement) throws Exception {
        try (Connection db = database.connect();
                Statement run = db.createStatement()) {
            run.executeUpdate(statement);
        }
    }
}
