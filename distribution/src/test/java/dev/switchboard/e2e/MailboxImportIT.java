package dev.switchboard.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;

import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;

import dev.switchboard.testkit.distribution.CliRun;
import dev.switchboard.testkit.distribution.Installation;
import dev.switchboard.testkit.distribution.McpClients;
import dev.switchboard.testkit.storage.TestDatabase;
import dev.switchboard.testkit.storage.TestPostgres;

/**
 * {@code switchboard mailbox import} as a user runs it, on the built distribution: a plugin's subcommand, listed by
 * {@code --help}; an ai-agent-channel file imported with exit 0 and its counts on stdout, then seen by a stdio
 * session with a role (the debt #412 open, the next message #413); a second import refused with exit 3 in one line;
 * a missing file exit 2 in one line; an unknown mailbox subcommand a usage error. And the same import into a
 * PostgreSQL store (the testkit's embedded server), seen by a stdio session on that database.
 *
 * <p>Runs beside the other end-to-end classes ({@link ExecutionMode#CONCURRENT}, docs/testing.md): its own
 * installations and databases; it asserts exit codes, outputs and what a session then reads, no time. Its tests run in
 * turn on the class's thread (the lock on the class's own name keeps them there).
 */
@Execution(ExecutionMode.CONCURRENT)
@ResourceLock("MailboxImportIT")
class MailboxImportIT {

    @TempDir
    Path dir;

    private final StringBuffer stderr = new StringBuffer();

    @Test
    void importsAnOriginalChannelFileWhichAStdioSessionThenSees() throws SQLException, IOException {
        Installation installation = Installation.copyOfBuilt(dir.resolve("install"));
        Path file = writeOriginalChannel(dir.resolve("messages.db"));

        CliRun help = installation.run("--help");
        assertThat(help.exitCode()).as(help.describe()).isZero();
        assertThat(help.stdout())
                .as("the top-level help names the word from the plugin's descriptor, starting no plugin")
                .containsPattern("\n  mailbox +\\(plugin mailbox; 'switchboard mailbox --help' for its commands\\)");
        CliRun mailboxHelp = installation.run("mailbox", "--help");
        assertThat(mailboxHelp.exitCode()).as(mailboxHelp.describe()).isZero();
        assertThat(mailboxHelp.stdout()).containsPattern("mailbox import +Import an ai-agent-channel channel database");

        CliRun noPath = installation.run("mailbox", "import", "--channel", "other");
        assertThat(noPath.exitCode()).isEqualTo(2);
        assertThat(noPath.stderr())
                .startsWith("switchboard: expected one PATH (the ai-agent-channel database), got 0 arguments\n")
                .contains("usage: switchboard mailbox import [options] PATH")
                .contains("3 refused");
        assertThat(installation.stateDir().resolve("switchboard.db"))
                .as("a wrong command line creates no state")
                .doesNotExist();

        CliRun imported = installation.run("mailbox", "import", file.toString());
        assertThat(imported.exitCode()).as(imported.describe()).isZero();
        assertThat(imported.stdout())
                .contains("into channel 'local'")
                .containsPattern("mailbox_message +2 rows")
                .containsPattern("mailbox_recipient +2 rows")
                .contains("next message id 413");

        CliRun again = installation.run("mailbox", "import", file.toString());
        assertThat(again.exitCode()).as(again.describe()).isEqualTo(3);
        assertThat(again.stderr().lines().filter(line -> line.startsWith("switchboard: ")))
                .singleElement()
                .satisfies(line -> assertThat(line).contains("channel 'local' already holds messages"));
        assertThat(again.stderr()).doesNotContain("\tat ").doesNotContain("Exception");

        Path missing = dir.resolve("missing.db");
        CliRun none = installation.run("mailbox", "import", missing.toString());
        assertThat(none.exitCode()).as(none.describe()).isEqualTo(2);
        assertThat(none.stderr()).isEqualTo("switchboard: " + missing + ": no such file\n");

        CliRun unknown = installation.run("mailbox", "export");
        assertThat(unknown.exitCode()).isEqualTo(2);
        assertThat(unknown.stderr()).startsWith("switchboard: unknown command 'mailbox export'\n");

        McpSyncClient backend = McpClients.stdioInitialized(
                installation, Map.of("SWITCHBOARD_PLUGINS__MAILBOX__ROLE", "backend"), "backend", stderr);
        try {
            Map<String, Object> debts = call(backend, "open_obligations", Map.of());
            assertThat((List<?>) debts.get("result"))
                    .as("%s", stderr)
                    .singleElement()
                    .satisfies(debt -> {
                        Map<?, ?> entry = (Map<?, ?>) debt;
                        assertThat(entry.get("id")).isEqualTo(412);
                        assertThat(entry.get("topic")).isEqualTo("fix the login");
                    });
            Map<String, Object> sent =
                    call(backend, "send_message", Map.of("to", "frontend", "topic", "done", "body", "fixed"));
            assertThat(sent).containsEntry("id", 413);
        } finally {
            backend.closeGracefully();
        }
    }

    @Test
    void importsIntoAPostgresqlStoreWhichAStdioSessionOnItThenSees() throws SQLException, IOException {
        TestDatabase database = TestPostgres.database();
        try {
            Installation installation = Installation.copyOfBuilt(dir.resolve("install-pg"));
            Path file = writeOriginalChannel(dir.resolve("messages-pg.db"));

            CliRun imported = installation.runWith(
                    database.environment(), Set.of(), "mailbox", "import", file.toString(), "--json");
            assertThat(imported.exitCode()).as(imported.describe()).isZero();
            assertThat(imported.stdout())
                    .contains("\"channel\":\"local\"")
                    .contains("\"mailbox_message\":2")
                    .contains("\"next_message_id\":413");
            assertThat(installation.stateDir().resolve("switchboard.db"))
                    .as("the SQLite store was not touched")
                    .doesNotExist();

            Map<String, String> environment = new HashMap<>(database.environment());
            environment.put("SWITCHBOARD_PLUGINS__MAILBOX__ROLE", "backend");
            McpSyncClient backend = McpClients.stdioInitialized(installation, environment, "backend-pg", stderr);
            try {
                assertThat((List<?>) call(backend, "open_obligations", Map.of()).get("result"))
                        .as("%s", stderr)
                        .hasSize(1);
                assertThat(call(backend, "send_message", Map.of("to", "frontend", "topic", "t", "body", "b")))
                        .containsEntry("id", 413);
            } finally {
                backend.closeGracefully();
            }
        } finally {
            database.drop();
        }
    }

    /** The original's messages table at schema step 2 (only the columns these rows use), in WAL mode. */
    private static Path writeOriginalChannel(Path file) throws SQLException, IOException {
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + file);
                Statement sql = connection.createStatement()) {
            sql.execute("PRAGMA journal_mode = WAL");
            sql.execute("CREATE TABLE messages (id INTEGER PRIMARY KEY AUTOINCREMENT, from_role TEXT NOT NULL,"
                    + " to_role TEXT NOT NULL, topic TEXT NOT NULL, body TEXT NOT NULL, action_required INTEGER NOT"
                    + " NULL DEFAULT 0, created_at TEXT NOT NULL, read_at TEXT NULL, status TEXT NULL, kind TEXT"
                    + " NULL, opened_at TEXT NULL)");
            sql.execute("INSERT INTO messages (id, from_role, to_role, topic, body, created_at, read_at) VALUES"
                    + " (1, 'frontend', 'backend', 'hello', 'hi', '2026-07-01T10:00:00.000Z',"
                    + " '2026-07-01T10:01:00.000Z')");
            sql.execute("INSERT INTO messages (id, from_role, to_role, topic, body, action_required, status, kind,"
                    + " created_at) VALUES (412, 'frontend', 'backend', 'fix the login', 'it fails', 1, 'open', 'bug',"
                    + " '2026-07-02T09:00:00.000Z')");
            sql.execute("PRAGMA user_version = 2");
        }
        assertThat(Files.size(file)).isPositive();
        return file;
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object> call(McpSyncClient client, String tool, Map<String, Object> arguments) {
        McpSchema.CallToolResult result = client.callTool(
                McpSchema.CallToolRequest.builder(tool).arguments(arguments).build());
        assertThat(result.isError())
                .as("%s: %s %s", tool, result.content(), stderr)
                .isFalse();
        return (Map<String, Object>) result.structuredContent();
    }
}
