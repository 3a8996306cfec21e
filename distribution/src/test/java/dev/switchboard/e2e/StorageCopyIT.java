package dev.switchboard.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;

import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;

import dev.switchboard.e2e.support.Handoffs;
import dev.switchboard.e2e.support.ToolCalls;
import dev.switchboard.testkit.distribution.CliRun;
import dev.switchboard.testkit.distribution.Installation;
import dev.switchboard.testkit.distribution.McpClients;
import dev.switchboard.testkit.storage.TestDatabase;
import dev.switchboard.testkit.storage.TestPostgres;

/**
 * {@code switchboard storage copy --to postgres} on the built distribution: a SQLite database populated through a real
 * MCP client (handoffs with receipts, an idempotency key, routes, provenance, a cursor; a workspace command receipt)
 * is moved to an embedded PostgreSQL; the source's bytes stay the same; the copy's schema versions are those of a fresh
 * install; a server on the copy answers the same reads (list, read, delivery status, cursor), goes on numbering
 * without gaps and replays the workspace receipt. A non-empty target is refused with exit 3 and left alone; a row the
 * target refuses mid-copy leaves no row committed and says so.
 *
 * <p>Runs beside the other end-to-end classes ({@link ExecutionMode#CONCURRENT}, docs/testing.md): its own
 * installations and its own databases on the shared embedded PostgreSQL; it asserts rows and exit codes, no time. Its
 * tests run in turn on the class's thread (the lock on the class's own name keeps them there).
 */
@Execution(ExecutionMode.CONCURRENT)
@ResourceLock("StorageCopyIT")
class StorageCopyIT {

    private static final String PROJECT = "moved";

    @TempDir
    static Path dir;

    private static Installation source;
    private static Path home;
    private static Path project;
    private static Map<String, Object> command;
    private static String firstHandoff;
    private static Map<?, ?> receipt;

    @BeforeAll
    static void populateASqliteDatabase() throws IOException {
        source = Installation.copyOfBuilt(dir.resolve("source")).enable("workspace");
        home = Files.createDirectories(dir.resolve("home"));
        project = Files.createDirectories(home.resolve("project"));
        StringBuffer stderr = new StringBuffer();
        McpSyncClient client = McpClients.stdioInitialized(source, workspaceHome(), "copy-source", stderr);
        try {
            ok(client, "frontispice_register_project", Map.of("project", PROJECT));
            receipt = (Map<?, ?>) ok(
                            client,
                            "frontispice_publish_handoff",
                            publish("Storage decision", "PostgreSQL for the team", "chat-1"))
                    .get("receipt");
            firstHandoff = (String) receipt.get("handoff_id");
            ok(client, "frontispice_publish_handoff", publish("Second", "more", null));
            ok(client, "frontispice_publish_handoff", publish("Third", "even more", null));
            ok(
                    client,
                    "frontispice_route_handoff",
                    Map.of(
                            "project",
                            PROJECT,
                            "handoff_id",
                            firstHandoff,
                            "targets",
                            List.of("architecture"),
                            "rationale",
                            "needs an ADR",
                            "routed_by",
                            "librarian"));
            ok(
                    client,
                    "frontispice_mark_applied",
                    Map.of(
                            "project",
                            PROJECT,
                            "handoff_id",
                            firstHandoff,
                            "applied_by",
                            "codex",
                            "repository",
                            "/work/flow",
                            "commit_ref",
                            "abc1234",
                            "paths",
                            List.of("docs/adr/0001-storage.md")));
            ok(
                    client,
                    "frontispice_advance_cursor",
                    Map.of("project", PROJECT, "consumer", "librarian", "through_sequence", 1));
            String workspace = (String) ok(client, "workspace_open", Map.of("cwd", project.toString()))
                    .get("workspace_id");
            command = Map.of("workspace_id", workspace, "request_key", "k-copy", "command", "echo ran once");
            assertThat(ok(client, "bash", command)).containsEntry("exit_code", 0);
        } finally {
            client.closeGracefully();
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void aPopulatedDatabaseMovesToPostgresAndServesTheSameReads() throws Exception {
        TestDatabase target = TestPostgres.database();
        Map<String, String> before = sourceFiles(source);

        CliRun copy = source.runWith(postgres(target), Set.of(), "storage", "copy", "--to", "postgres");

        assertThat(copy.exitCode()).as(copy.describe()).isZero();
        assertThat(copy.stdout())
                .containsPattern("handoff_record +3 rows")
                .containsPattern("handoff_route +1 rows")
                .containsPattern("handoff_applied +1 rows")
                .containsPattern("handoff_cursor +1 rows")
                .containsPattern("workspace_receipt +1 rows")
                .contains("row counts and checksums equal on both sides");
        assertThat(sourceFiles(source)).as("the source's files, byte for byte").isEqualTo(before);
        // the kernel's sealing-key table is migrated at its first use, not at start (ADR 46): a fresh install that
        // served no modern request lacks it, while a source that had it passes it on
        assertThat(withoutKernel(versions(target))).isEqualTo(withoutKernel(versions(freshInstall())));

        Installation onCopy = Installation.copyOfBuilt(dir.resolve("on-copy")).enable("workspace");
        Map<String, String> env = new HashMap<>(workspaceHome());
        env.putAll(postgres(target));
        env.put("SWITCHBOARD_KERNEL__STORAGE", "postgres");
        StringBuffer stderr = new StringBuffer();
        McpSyncClient client = McpClients.stdioInitialized(onCopy, env, "copy-target", stderr);
        try {
            List<?> unread = (List<?>)
                    ok(client, "frontispice_list_updates", Map.of("project", PROJECT, "consumer", "librarian"))
                            .get("updates");
            assertThat(unread.stream().map(u -> ((Number) ((Map<?, ?>) u).get("sequence")).longValue()))
                    .containsExactly(2L, 3L);
            McpSchema.CallToolResult read =
                    call(client, "frontispice_read_handoff", Map.of("project", PROJECT, "handoff_id", firstHandoff));
            assertThat(((McpSchema.TextContent) read.content().getFirst()).text())
                    .contains("PostgreSQL for the team");
            Map<String, Object> status = ok(
                    client,
                    "frontispice_delivery_status",
                    Map.of("idempotency_key", "chat-1", "checksum", receipt.get("checksum")));
            assertThat(status).containsEntry("delivery_status", "committed").containsEntry("verified", true);
            assertThat(status.get("consumed_by").toString()).contains("librarian");
            assertThat(status.get("applied").toString()).contains("abc1234");
            assertThat(ok(
                                    client,
                                    "frontispice_publish_handoff",
                                    publish("Storage decision", "PostgreSQL for the team", "chat-1"))
                            .get("receipt"))
                    .as("the idempotency key replays the copied receipt")
                    .isEqualTo(receipt);
            Map<?, ?> fourth = (Map<?, ?>) ok(client, "frontispice_publish_handoff", publish("Fourth", "moved", null))
                    .get("receipt");
            assertThat(((Number) fourth.get("sequence")).longValue())
                    .as("numbering goes on without a gap")
                    .isEqualTo(4L);
            ok(
                    client,
                    "frontispice_route_handoff",
                    Map.of(
                            "project",
                            PROJECT,
                            "handoff_id",
                            firstHandoff,
                            "targets",
                            List.of("security"),
                            "rationale",
                            "a new route after the move takes a new id",
                            "routed_by",
                            "librarian"));
            Map<String, Object> replay = ok(client, "bash", command);
            assertThat(replay).containsEntry("replayed", true).containsEntry("code", "RECORDED_OUTCOME");
        } finally {
            client.closeGracefully();
        }
    }

    @Test
    void aTargetWithRowsOrRecordedVersionsIsRefusedAndLeftAlone() throws Exception {
        TestDatabase filled = TestPostgres.database();
        assertThat(source.runWith(postgres(filled), Set.of(), "storage", "copy", "--to", "postgres")
                        .exitCode())
                .isZero();
        long rows = count(filled, "handoff_record");

        CliRun again = source.runWith(postgres(filled), Set.of(), "storage", "copy", "--to", "postgres");

        assertThat(again.exitCode()).as(again.describe()).isEqualTo(3);
        assertThat(again.stderr())
                .contains("not copied, nothing written", "is not empty", "handoff_record (3 rows)")
                .doesNotContain("Exception", "\tat ");
        assertThat(count(filled, "handoff_record")).isEqualTo(rows);

        TestDatabase migratedOnly = freshInstall();
        CliRun onVersions = source.runWith(postgres(migratedOnly), Set.of(), "storage", "copy", "--to", "postgres");
        assertThat(onVersions.exitCode()).as(onVersions.describe()).isEqualTo(3);
        assertThat(onVersions.stderr()).contains("switchboard_schema_version (");
        assertThat(count(migratedOnly, "handoff_record")).isZero();
    }

    @Test
    void aSourceHoldingADisabledPluginsDataIsRefusedWithNothingWritten() throws Exception {
        Installation withoutWorkspace = Installation.copyOfBuilt(dir.resolve("without-workspace"));
        for (Path file : databaseFiles(source)) {
            Files.copy(file, withoutWorkspace.stateDir().resolve(file.getFileName()));
        }
        TestDatabase target = TestPostgres.database();

        CliRun copy = withoutWorkspace.runWith(postgres(target), Set.of(), "storage", "copy", "--to", "postgres");

        assertThat(copy.exitCode()).as(copy.describe()).isEqualTo(3);
        assertThat(copy.stderr())
                .contains("the source holds the schema of 'workspace'", "switchboard plugins enable workspace");
        try (Connection connection = target.connect();
                Statement query = connection.createStatement();
                ResultSet rows = query.executeQuery(
                        "SELECT count(*) FROM information_schema.tables WHERE table_schema = current_schema()"
                                + " AND table_name NOT LIKE 'switchboard\\_%'")) {
            rows.next();
            // the adapter's own signal log is created (empty) by opening the target, as the schema is
            assertThat(rows.getLong(1)).as("plugin tables in the target").isZero();
        }
    }

    @Test
    void aRowTheTargetRefusesMidCopyLeavesNoRowCommittedAndSaysSo() throws Exception {
        Installation broken = Installation.copyOfBuilt(dir.resolve("broken")).enable("workspace");
        for (Path file : databaseFiles(source)) {
            Files.copy(file, broken.stateDir().resolve(file.getFileName()));
        }
        try (Connection sqlite = DriverManager.getConnection(
                        "jdbc:sqlite:" + broken.stateDir().resolve("switchboard.db"));
                PreparedStatement update = sqlite.prepareStatement("UPDATE handoff_route SET rationale = ?")) {
            update.setString(1, "a NUL \u0000 that PostgreSQL text cannot hold");
            assertThat(update.executeUpdate()).isOne();
        }
        TestDatabase target = TestPostgres.database();

        CliRun copy = broken.runWith(postgres(target), Set.of(), "storage", "copy", "--to", "postgres");

        assertThat(copy.exitCode()).as(copy.describe()).isEqualTo(1);
        assertThat(copy.stderr())
                .contains("the copy failed and no row was committed", "handoff_route", "is as it was before the copy")
                .doesNotContain("DROP SCHEMA")
                .doesNotContain("\tat ");
        try (Connection connection = target.connect();
                Statement query = connection.createStatement();
                ResultSet rows = query.executeQuery(
                        "SELECT count(*) FROM information_schema.tables WHERE table_schema = current_schema()"
                                + " AND table_name <> 'switchboard_signal_log'")) {
            rows.next();
            assertThat(rows.getLong(1))
                    .as("no plugin table and no version table is left: a new copy may start at once")
                    .isZero();
        }
    }

    private static Map<String, Object> publish(String title, String content, String idempotencyKey) {
        return Handoffs.publish(PROJECT, title, content, idempotencyKey);
    }

    /** A new database on which a server started once: the plugins' migrations applied, no row of theirs. */
    private static TestDatabase freshInstall() throws IOException {
        TestDatabase fresh = TestPostgres.database();
        Installation installation = Installation.copyOfBuilt(Files.createTempDirectory(dir, "fresh"))
                .enable("workspace");
        Map<String, String> env = new HashMap<>(workspaceHome());
        env.putAll(postgres(fresh));
        env.put("SWITCHBOARD_KERNEL__STORAGE", "postgres");
        McpClients.stdioInitialized(installation, env, "fresh", new StringBuffer())
                .closeGracefully();
        return fresh;
    }

    private static Map<String, String> postgres(TestDatabase database) {
        return Map.of(
                "SWITCHBOARD_PLUGINS__STORAGE_POSTGRES__URL", database.url(),
                "SWITCHBOARD_PLUGINS__STORAGE_POSTGRES__USER", database.user());
    }

    private static Map<String, String> workspaceHome() {
        return Map.of("SWITCHBOARD_PLUGINS__WORKSPACE__HOME", home.toString());
    }

    private static List<String> withoutKernel(List<String> versions) {
        return versions.stream()
                .filter(version -> !version.startsWith("kernel "))
                .toList();
    }

    private static List<String> versions(TestDatabase database) throws SQLException {
        List<String> versions = new ArrayList<>();
        try (Connection connection = database.connect();
                Statement query = connection.createStatement();
                ResultSet rows = query.executeQuery("SELECT owner, version, description, checksum"
                        + " FROM switchboard_schema_version ORDER BY owner, version")) {
            while (rows.next()) {
                versions.add(
                        rows.getString(1) + " " + rows.getInt(2) + " " + rows.getString(3) + " " + rows.getString(4));
            }
        }
        return versions;
    }

    private static long count(TestDatabase database, String table) throws SQLException {
        try (Connection connection = database.connect();
                Statement query = connection.createStatement();
                ResultSet rows = query.executeQuery("SELECT count(*) FROM " + table)) {
            rows.next();
            return rows.getLong(1);
        }
    }

    /** @return the database file and its WAL, if any, each with the SHA-256 of its bytes */
    private static Map<String, String> sourceFiles(Installation installation) throws IOException {
        Map<String, String> hashes = new LinkedHashMap<>();
        for (Path file : databaseFiles(installation)) {
            if (!file.getFileName().toString().endsWith("-shm")) {
                hashes.put(file.getFileName().toString(), Handoffs.sha256(Files.readAllBytes(file)));
            }
        }
        assertThat(hashes).containsKey("switchboard.db");
        return hashes;
    }

    private static List<Path> databaseFiles(Installation installation) throws IOException {
        try (var files = Files.list(installation.stateDir())) {
            return files.filter(f -> f.getFileName().toString().startsWith("switchboard.db"))
                    .sorted()
                    .toList();
        }
    }

    private static McpSchema.CallToolResult call(McpSyncClient client, String tool, Map<String, Object> arguments) {
        return ToolCalls.ok(client, tool, arguments, "");
    }

    private static Map<String, Object> ok(McpSyncClient client, String tool, Map<String, Object> arguments) {
        return ToolCalls.okStructured(client, tool, arguments, "");
    }
}
