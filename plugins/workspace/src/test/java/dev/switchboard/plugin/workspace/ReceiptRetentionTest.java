package dev.switchboard.plugin.workspace;

import static dev.switchboard.plugin.workspace.WorkspaceHarness.args;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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

import dev.switchboard.plugin.workspace.adapter.in.lifecycle.ReceiptsHealth;
import dev.switchboard.plugin.workspace.application.ReceiptRetention;
import dev.switchboard.plugin.workspace.application.port.out.ReceiptStore;
import dev.switchboard.plugin.workspace.domain.Code;
import dev.switchboard.plugin.workspace.domain.WorkspaceException;
import dev.switchboard.ports.health.HealthFinding;
import dev.switchboard.ports.tool.ToolResult;

/** Receipts retention (beyond the original) and its doctor report, on real SQLite. */
@ParameterizedClass(name = "on {0}")
@ValueSource(strings = {ReceiptDatabase.SQLITE, ReceiptDatabase.POSTGRES})
class ReceiptRetentionTest {

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
    void pruningAndTheDoctorsCountOnAnUnreachableReceiptTableAnswerUnavailableNotAnInternalError() throws Exception {
        ReceiptDatabase locked = database.withShortLockWait();
        try (WorkspaceHarness harness = new WorkspaceHarness(locked, home);
                Connection other = locked.connect()) {
            harness.ok(
                    "write",
                    args(
                            "workspace_id",
                            harness.open(home),
                            "request_key",
                            "k",
                            "path",
                            "a.txt",
                            "content",
                            "x",
                            "expected_revision",
                            "missing"));
            ReceiptRetention retention = harness.injector().getInstance(ReceiptRetention.class);
            ReceiptStore store = harness.injector().getInstance(ReceiptStore.class);
            locked.lockReceiptsEvenForReads(other);
            try {
                assertThatThrownBy(retention::prune)
                        .isInstanceOfSatisfying(
                                WorkspaceException.class,
                                e -> assertThat(e.code()).isEqualTo(Code.UNAVAILABLE));
                assertThat(retention.pruneQuietly()).isEqualTo(-1);
                assertThatThrownBy(store::census)
                        .isInstanceOfSatisfying(
                                WorkspaceException.class,
                                e -> assertThat(e.code()).isEqualTo(Code.UNAVAILABLE));
                assertThatThrownBy(() -> store.existing(List.of("some-receipt")))
                        .isInstanceOfSatisfying(
                                WorkspaceException.class,
                                e -> assertThat(e.code()).isEqualTo(Code.UNAVAILABLE));
                assertThat(harness.injector().getInstance(ReceiptsHealth.class).examine())
                        .singleElement()
                        .satisfies(f -> {
                            assertThat(f.severity()).isEqualTo(HealthFinding.Severity.PROBLEM);
                            assertThat(f.message()).contains("busy or unreachable");
                        });
            } finally {
                locked.unlockReceipts(other);
            }
            assertThat(store.census().count()).isEqualTo(1);
        }
    }

    private static Map<String, Object> limits(Object maxAgeDays, Object maxCount) {
        return Map.of("receipts", Map.of("max-age-days", maxAgeDays, "max-count", maxCount));
    }

    private void write(WorkspaceHarness harness, String id, String key) {
        harness.ok(
                "write",
                args(
                        "workspace_id",
                        id,
                        "request_key",
                        key,
                        "path",
                        key + ".txt",
                        "content",
                        key,
                        "expected_revision",
                        "missing"));
    }

    @Test
    @DisplayName("start prunes receipts older than max-age-days, and the doctor reports how many went")
    void startPrunesReceiptsPastTheAgeLimit() throws Exception {
        try (WorkspaceHarness harness = new WorkspaceHarness(database, home, limits("1", "100"))) {
            String id = harness.open(home);
            write(harness, id, "old1");
            write(harness, id, "old2");
            write(harness, id, "new");
            sql("UPDATE workspace_receipt SET updated_at = '2000-01-01T00:00:00Z' WHERE tool = 'write'"
                    + " AND changed_paths LIKE '%old%'");

            harness.lifecycle().start();
            try {
                // The report waits for the start-up pruning, which runs off the start path.
                assertThat(messages(harness)).contains("2 receipt(s) pruned at start-up");
                assertThat(column("SELECT changed_paths FROM workspace_receipt"))
                        .singleElement()
                        .asString()
                        .contains("new.txt");
            } finally {
                harness.lifecycle().stop();
            }
        }
    }

    @Test
    @DisplayName("a truncated command's output file is pruned with its receipt, the others stay")
    void commandOutputFilesArePrunedWithTheirReceipts() throws Exception {
        try (WorkspaceHarness harness = new WorkspaceHarness(database, home, limits("1", "100"))) {
            String id = harness.open(home);
            Path oldOutput = fullOutput(
                    harness.ok("bash", args("workspace_id", id, "request_key", "old-run", "command", "seq 1 30000")));
            Path newOutput = fullOutput(
                    harness.ok("bash", args("workspace_id", id, "request_key", "new-run", "command", "seq 1 30001")));
            Path legacy = java.nio.file.Files.writeString(
                    oldOutput.resolveSibling(java.util.UUID.randomUUID() + ".log"), "left by an older version");
            sql("UPDATE workspace_receipt SET updated_at = '2000-01-01T00:00:00Z' WHERE tool = 'bash'"
                    + " AND full_output_path = '" + oldOutput + "'");

            assertThat(harness.injector().getInstance(ReceiptRetention.class).prune())
                    .isEqualTo(1);

            assertThat(oldOutput).doesNotExist();
            assertThat(legacy).doesNotExist();
            assertThat(newOutput).exists();
            assertThat(column("SELECT full_output_path FROM workspace_receipt")).containsExactly(newOutput.toString());
        }
    }

    @Test
    @DisplayName("item 14: the output files an earlier version kept in the state directory go at the next pruning")
    void outputFilesOfEarlierVersionsInTheStateDirectoryArePruned() throws Exception {
        Path legacyDir = Files.createDirectories(state.resolve("workspace").resolve("command-output"));
        Path legacy = Files.writeString(legacyDir.resolve("a".repeat(64) + ".log"), "an older version's output");
        try (WorkspaceHarness harness = new WorkspaceHarness(state, home, limits("1", "100"))) {
            harness.injector().getInstance(ReceiptRetention.class).prune();
        }

        assertThat(legacy).doesNotExist();
        assertThat(legacyDir).doesNotExist();
    }

    private static Path fullOutput(Map<String, Object> ran) {
        @SuppressWarnings("unchecked")
        Map<String, Object> details = (Map<String, Object>) ran.get("details");
        Path file = Path.of((String) details.get("fullOutputPath"));
        assertThat(file).exists();
        return file;
    }

    @Test
    @DisplayName("beyond max-count the oldest receipts go first; a pruned key runs anew")
    void pruningKeepsTheNewestWithinTheCountLimit() throws Exception {
        try (WorkspaceHarness harness = new WorkspaceHarness(database, home, limits(90, 2))) {
            String id = harness.open(home);
            for (int i = 0; i < 4; i++) {
                write(harness, id, "k" + i);
                sql("UPDATE workspace_receipt SET updated_at = '2030-01-0" + (i + 1) + "T00:00:00Z'"
                        + " WHERE changed_paths LIKE '%k" + i + ".txt%'");
            }

            assertThat(harness.injector().getInstance(ReceiptRetention.class).prune())
                    .isEqualTo(2);

            assertThat(column("SELECT updated_at FROM workspace_receipt ORDER BY updated_at"))
                    .containsExactly("2030-01-03T00:00:00Z", "2030-01-04T00:00:00Z");
        }
    }

    @Test
    @DisplayName("the started receipt of a running call is never pruned; an uncertain one left by a crash may be")
    void aLiveCallsReceiptSurvivesPruning() throws Exception {
        try (WorkspaceHarness harness = new WorkspaceHarness(database, home, limits(1, 1));
                var pool = Executors.newVirtualThreadPerTaskExecutor()) {
            String id = harness.open(home);
            sql("INSERT INTO workspace_receipt (receipt_id, workspace_id, fingerprint, tool, status, created_at,"
                    + " updated_at) VALUES ('crashed', 'w', 'f', 'bash', 'started', '2000-01-01T00:00:00Z',"
                    + " '2000-01-01T00:00:00Z')");
            Future<ToolResult> running = pool.submit(() -> harness.call(
                    "bash", args("workspace_id", id, "request_key", "live", "command", "touch started; sleep 30")));
            while (column("SELECT receipt_id FROM workspace_receipt WHERE status = 'started'")
                                    .size()
                            < 2
                    || !home.resolve("started").toFile().exists()) {
                Thread.sleep(20);
            }
            sql("UPDATE workspace_receipt SET updated_at = '2000-01-02T00:00:00Z' WHERE receipt_id <> 'crashed'");

            assertThat(harness.injector().getInstance(ReceiptRetention.class).prune())
                    .isEqualTo(1);

            assertThat(column("SELECT status FROM workspace_receipt")).containsExactly("started");
            harness.ok("workspace_close", args("workspace_id", id));
            assertThat(running.get()).isInstanceOf(ToolResult.Failure.class);
        }
    }

    @Test
    @DisplayName("the doctor reports count, oldest age, limits and location; an unreadable store is a PROBLEM")
    void healthReportsTheReceiptsAndProblems() throws Exception {
        try (WorkspaceHarness harness = new WorkspaceHarness(database, home)) {
            write(harness, harness.open(home), "k");
            harness.lifecycle().start();
            harness.lifecycle().stop();

            ReceiptsHealth health = harness.injector().getInstance(ReceiptsHealth.class);
            assertThat(health.name()).isEqualTo("receipts");
            assertThat(health.examine())
                    .allSatisfy(f -> assertThat(f.severity()).isEqualTo(HealthFinding.Severity.OK));
            assertThat(messages(harness))
                    .anySatisfy(m -> assertThat(m)
                            .startsWith("1 receipt(s) in " + database.location())
                            .contains("0 day(s) old"))
                    .contains(
                            "retention: at most 90 days and 100000 receipts (plugins.workspace.receipts"
                                    + ".max-age-days, .max-count)",
                            "0 receipt(s) pruned at start-up");

            sql("DROP TABLE workspace_receipt");
            assertThat(health.examine()).singleElement().satisfies(f -> {
                assertThat(f.severity()).isEqualTo(HealthFinding.Severity.PROBLEM);
                assertThat(f.message()).contains("cannot read the workspace receipts");
            });
        }
    }

    private static List<String> messages(WorkspaceHarness harness) {
        return harness.injector().getInstance(ReceiptsHealth.class).examine().stream()
                .map(HealthFinding::message)
                .toList();
    }

    private void sql(String statement) throws Exception {
        try (Connection db = database.connect();
                Statement run = db.createStatement()) {
            run.executeUpdate(statement);
        }
    }

    private List<String> column(String query) throws Exception {
        List<String> values = new ArrayList<>();
        try (Connection db = database.connect();
                Statement statement = db.createStatement();
                ResultSet rows = statement.executeQuery(query)) {
            while (rows.next()) {
                values.add(rows.getString(1));
            }
        }
        return values;
    }
}
