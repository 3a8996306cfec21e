package dev.switchboard.plugin.workspace;

import static dev.switchboard.plugin.workspace.WorkspaceHarness.args;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ValueSource;

import dev.switchboard.ports.tool.ToolResult;

/** Behaviour 65 and the orderly shutdown: stop() closes every workspace and refuses new calls. */
@ParameterizedClass(name = "on {0}")
@ValueSource(strings = {ReceiptDatabase.SQLITE, ReceiptDatabase.POSTGRES})
class ShutdownTest {

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

    @Test
    @DisplayName("65: stop kills a running command, records it as failed, and a retry after restart replays that")
    void stopCancelsRunningCommandsAndTheirReceiptsReplayAfterRestart() throws Exception {
        String marker = "30." + System.nanoTime() % 1000;
        Map<String, Object> call;
        try (WorkspaceHarness harness = new WorkspaceHarness(database, home);
                var pool = Executors.newVirtualThreadPerTaskExecutor()) {
            call = args(
                    "workspace_id",
                    harness.open(home),
                    "request_key",
                    "long",
                    "command",
                    "echo run >> runs; sleep " + marker + " & echo $! > sleep.pid; wait");
            Future<ToolResult> running = pool.submit(() -> harness.call("bash", call));
            awaitFile(home.resolve("sleep.pid"));

            harness.lifecycle().stop();

            ToolResult.Failure cancelled = (ToolResult.Failure) running.get();
            assertThat(cancelled.code().value()).isEqualTo("COMMAND_CANCELLED");
            assertThat(ProcessHandle.allProcesses()
                            .filter(p -> p.info().commandLine().orElse("").contains(marker))
                            .filter(ProcessHandle::isAlive)
                            .toList())
                    .isEmpty();
            assertThat(statuses()).containsExactly("failed");
        }
        try (WorkspaceHarness restarted = new WorkspaceHarness(database, home)) {
            ToolResult.Failure replay = restarted.refused("bash", call, "COMMAND_CANCELLED");

            assertThat(replay.details()).containsEntry("replayed", true).containsEntry("status", "failed");
        }
        assertThat(Files.readAllLines(home.resolve("runs"))).containsExactly("run");
    }

    @Test
    @DisplayName("after stop every new call is BRIDGE_STOPPED, and a refused key stays free")
    void afterStopNewCallsAreRefused() throws Exception {
        try (WorkspaceHarness harness = new WorkspaceHarness(database, home)) {
            String id = harness.open(home);
            harness.lifecycle().stop();

            harness.refused("workspace_open", args("cwd", home.toString()), "BRIDGE_STOPPED");
            harness.refused("read", args("workspace_id", id, "path", "x"), "BRIDGE_STOPPED");
            ToolResult.Failure refused = harness.refused(
                    "write",
                    args(
                            "workspace_id",
                            id,
                            "request_key",
                            "w",
                            "path",
                            "x.txt",
                            "content",
                            "x",
                            "expected_revision",
                            "missing"),
                    "BRIDGE_STOPPED");
            assertThat(refused.message()).contains("shutting down");
            harness.lifecycle().stop();
        }
        assertThat(statuses()).isEmpty();
        assertThat(home.resolve("x.txt")).doesNotExist();
    }

    private List<String> statuses() throws Exception {
        List<String> statuses = new ArrayList<>();
        try (Connection db = database.connect();
                Statement statement = db.createStatement();
                ResultSet rows = statement.executeQuery("SELECT status FROM workspace_receipt")) {
            while (rows.next()) {
                statuses.add(rows.getString(1));
            }
        }
        return statuses;
    }

    /** Waits (without a time assertion) until the command has written its file. */
    private static void awaitFile(Path file) throws InterruptedException {
        for (int i = 0; i < 1000 && !(Files.exists(file) && file.toFile().length() > 0); i++) {
            Thread.sleep(20);
        }
        assertThat(file).isNotEmptyFile();
    }
}
