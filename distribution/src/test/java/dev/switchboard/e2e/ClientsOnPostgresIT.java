package dev.switchboard.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;

import io.modelcontextprotocol.client.McpSyncClient;

import dev.switchboard.e2e.support.NodeScripts;
import dev.switchboard.e2e.support.ToolCalls;
import dev.switchboard.testkit.distribution.HttpServe;
import dev.switchboard.testkit.distribution.Installation;
import dev.switchboard.testkit.distribution.McpClients;
import dev.switchboard.testkit.distribution.NodeTests;
import dev.switchboard.testkit.storage.TestDatabase;
import dev.switchboard.testkit.storage.TestPostgres;

/**
 * The built distribution configured for PostgreSQL ({@code kernel.storage: postgres} through the environment, workspace
 * enabled) serves handoff and workspace with real calls to the clients {@link FeaturesOnPostgresIT} (MCP Java SDK,
 * stdio) does not cover: the MCP Java SDK over streamable HTTP, and the official TypeScript SDK over HTTP and over
 * stdio ({@code src/test/node/postgres-client.test.mjs}). One embedded PostgreSQL database and one HTTP server for the
 * class; the stdio client starts its own server, as stdio clients do, on the same database. Each test uses its own
 * project and workspace directory, and checks that its rows are in PostgreSQL.
 *
 * <p>Runs beside the other end-to-end classes ({@link ExecutionMode#CONCURRENT}; docs/testing.md, "Ordering and
 * threads"): its installation, database, server and workspace home are its own and it asserts no time; its tests run in turn on the
 * class's thread (the lock on the class's own name).
 */
@Execution(ExecutionMode.CONCURRENT)
@ResourceLock("ClientsOnPostgresIT")
class ClientsOnPostgresIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    private static final Duration NODE_TIMEOUT = Duration.ofSeconds(90);
    private static final String SCRIPT = "postgres-client.test.mjs";
    private static final int SCRIPT_TESTS = 3;

    @TempDir
    static Path dir;

    private static TestDatabase database;
    private static Installation installation;
    private static Path workspaceHome;
    private static HttpServe server;

    @BeforeAll
    static void startOneHttpServerOnPostgresql() throws Exception {
        database = TestPostgres.database();
        workspaceHome = Files.createDirectories(dir.resolve("home"));
        installation = Installation.copyOfBuilt(dir.resolve("install")).enable("workspace");
        server = HttpServe.start(installation, serverEnvironment(), dir.resolve("server.log"));
    }

    @AfterAll
    static void stopServer() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void theJavaSdkOverHttpPublishesReadsAndWritesThroughPostgresql() throws Exception {
        String project = "java-http";
        Files.createDirectories(workspaceHome.resolve(project));
        McpSyncClient client = httpClient("e2e-postgres-java-http");
        try {
            assertThat((Map<String, Object>) ok(client, "server_info", Map.of()).get("storage"))
                    .containsEntry("backend", "postgres");
            ok(client, "frontispice_register_project", Map.of("project", project));
            Map<String, Object> receipt = (Map<String, Object>) ok(
                            client,
                            "frontispice_publish_handoff",
                            Map.of(
                                    "project", project,
                                    "title", "Storage decision",
                                    "summary", "PostgreSQL for teams",
                                    "content", "One shared store.",
                                    "idempotency_key", project + "-1"))
                    .get("receipt");
            assertThat(receipt).containsEntry("sequence", 1);
            assertThat((List<Map<String, Object>>)
                            ok(client, "frontispice_list_updates", Map.of("project", project, "consumer", "codex"))
                                    .get("updates"))
                    .singleElement()
                    .satisfies(u -> assertThat(u).containsEntry("handoff_id", receipt.get("handoff_id")));
            assertThat(ok(
                            client,
                            "frontispice_read_handoff",
                            Map.of("project", project, "handoff_id", receipt.get("handoff_id"))))
                    .containsEntry("content", "One shared store.");
            ok(
                    client,
                    "frontispice_advance_cursor",
                    Map.of("project", project, "consumer", "codex", "through_sequence", 1));

            String workspace = (String)
                    ok(client, "workspace_open", Map.of("cwd", project)).get("workspace_id");
            Map<String, Object> write = Map.of(
                    "workspace_id", workspace,
                    "request_key", project + "-write",
                    "path", "notes.txt",
                    "content", "hello",
                    "expected_revision", "missing");
            Object revision = ok(client, "write", write).get("revision");
            Map<String, Object> retried = ok(client, "write", write);
            assertThat(retried).containsEntry("replayed", true).containsEntry("revision", revision);
            ok(client, "workspace_close", Map.of("workspace_id", workspace));
        } finally {
            client.closeGracefully();
        }
        assertThat(workspaceHome.resolve(project).resolve("notes.txt")).hasContent("hello");
        assertStoredInPostgresql(project);
        assertThat(server.log())
                .as("jOOQ's warning that PostgreSQL 17 is older than its open-source dialect is kept out of the log")
                .doesNotContain("Version mismatch");
    }

    @Test
    void theTypeScriptSdkOverHttpPublishesReadsAndWritesThroughPostgresql() throws Exception {
        String project = "ts-http";
        Map<String, String> env = Map.of(
                "SWITCHBOARD_E2E_URL", server.url(),
                "SWITCHBOARD_E2E_TOKEN", server.token(),
                "SWITCHBOARD_E2E_PROJECT", project,
                "SWITCHBOARD_E2E_WORKSPACE_HOME", workspaceHome.toString());
        try {
            NodeTests.assertPasses(
                    NodeScripts.dir(), SCRIPT, env, NODE_TIMEOUT, dir.resolve(project + ".log"), SCRIPT_TESTS);
        } catch (AssertionError e) {
            throw new AssertionError(e.getMessage() + server.log(), e);
        }
        assertStoredInPostgresql(project);
    }

    @Test
    void theTypeScriptSdkOverStdioPublishesReadsAndWritesThroughPostgresql() throws Exception {
        String project = "ts-stdio";
        Map<String, String> env = new HashMap<>(database.environment());
        env.putAll(installation.environment());
        env.put("SWITCHBOARD_E2E_HOME", installation.home().toString());
        env.put(
                "SWITCHBOARD_E2E_STATE_DIR",
                Files.createDirectories(dir.resolve("stdio-state")).toString());
        env.put("SWITCHBOARD_E2E_PROJECT", project);
        env.put("SWITCHBOARD_E2E_WORKSPACE_HOME", workspaceHome.toString());

        NodeTests.assertPasses(
                NodeScripts.dir(), SCRIPT, env, NODE_TIMEOUT, dir.resolve(project + ".log"), SCRIPT_TESTS);
        assertStoredInPostgresql(project);
    }

    private static Map<String, String> serverEnvironment() {
        Map<String, String> env = new HashMap<>(database.environment());
        env.put("SWITCHBOARD_PLUGINS__WORKSPACE__HOME", workspaceHome.toString());
        return env;
    }

    /** The project's handoff (one, however often its publish was retried) and write receipt are PostgreSQL rows. */
    private static void assertStoredInPostgresql(String project) throws SQLException {
        assertThat(count("SELECT count(*) FROM handoff_record WHERE idempotency_key = ?", project + "-1"))
                .as("handoff rows of %s", project)
                .isEqualTo(1);
        assertThat(count(
                        "SELECT count(*) FROM workspace_receipt WHERE tool = 'write' AND status = 'completed'"
                                + " AND cwd LIKE ?",
                        "%/" + project))
                .as("completed write receipts of %s", project)
                .isEqualTo(1);
    }

    private static long count(String query, String parameter) throws SQLException {
        try (Connection connection = database.connect();
                PreparedStatement statement = connection.prepareStatement(query)) {
            statement.setString(1, parameter);
            try (ResultSet rows = statement.executeQuery()) {
                rows.next();
                return rows.getLong(1);
            }
        }
    }

    private static Map<String, Object> ok(McpSyncClient client, String tool, Map<String, Object> arguments) {
        return ToolCalls.okStructured(client, tool, arguments, server.log());
    }

    private static McpSyncClient httpClient(String name) {
        McpSyncClient client = McpClients.http(server, name, ConcurrentHashMap.newKeySet(), TIMEOUT, b -> b);
        client.initialize();
        return client;
    }
}
