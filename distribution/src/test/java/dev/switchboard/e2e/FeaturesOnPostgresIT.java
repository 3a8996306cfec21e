package dev.switchboard.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;

import dev.switchboard.e2e.support.ToolCalls;
import dev.switchboard.e2e.support.ToolResults;
import dev.switchboard.testkit.distribution.Installation;
import dev.switchboard.testkit.distribution.McpClients;
import dev.switchboard.testkit.storage.TestDatabase;
import dev.switchboard.testkit.storage.TestPostgres;

/**
 * The built distribution configured for PostgreSQL ({@code kernel.storage: postgres} through the environment) serves
 * the handoff and workspace plugins over stdio to the MCP Java SDK's client: their PostgreSQL migrations apply at
 * start, a handoff published, listed and read, a cursor moved, and a workspace write with a request key whose
 * receipt lands in the PostgreSQL database; a second server on the same database sees the first one's handoff.
 */
class FeaturesOnPostgresIT {

    private final StringBuffer stderr = new StringBuffer();

    @TempDir
    Path dir;

    @Test
    @SuppressWarnings("unchecked")
    void handoffAndWorkspaceServeFromPostgresqlAndASecondServerSeesTheFirstOnesData() throws Exception {
        TestDatabase database = TestPostgres.database();
        Path home = Files.createDirectories(dir.resolve("home"));
        Files.createDirectories(home.resolve("project"));
        Installation installation =
                Installation.copyOfBuilt(dir.resolve("install")).enable("workspace");
        Map<String, String> environment = new HashMap<>(database.environment());
        environment.put("SWITCHBOARD_PLUGINS__WORKSPACE__HOME", home.toString());

        McpSyncClient first = McpClients.stdioInitialized(installation, environment, "e2e-postgres-1", stderr);
        Map<String, Object> receipt;
        try {
            ok(first, "frontispice_register_project", Map.of("project", "raveil"));
            receipt = (Map<String, Object>) ToolResults.structured(ok(
                            first,
                            "frontispice_publish_handoff",
                            Map.of(
                                    "project", "raveil",
                                    "title", "Storage decision",
                                    "summary", "PostgreSQL for teams",
                                    "content", "One shared store.",
                                    "idempotency_key", "e2e-pg-1")))
                    .get("receipt");
            assertThat(receipt).containsEntry("sequence", 1);

            String workspace = (String) ToolResults.structured(ok(first, "workspace_open", Map.of("cwd", "project")))
                    .get("workspace_id");
            ok(
                    first,
                    "write",
                    Map.of(
                            "workspace_id", workspace,
                            "request_key", "e2e-pg-write",
                            "path", "notes.txt",
                            "content", "hello",
                            "expected_revision", "missing"));
        } finally {
            first.closeGracefully();
        }
        assertThat(home.resolve("project/notes.txt")).hasContent("hello");
        assertThat(count(database, "SELECT count(*) FROM workspace_receipt WHERE status = 'completed'"))
                .isEqualTo(1);

        McpSyncClient second = McpClients.stdioInitialized(installation, environment, "e2e-postgres-2", stderr);
        try {
            List<Map<String, Object>> updates = (List<Map<String, Object>>) ToolResults.structured(
                            ok(second, "frontispice_list_updates", Map.of("project", "raveil", "consumer", "codex")))
                    .get("updates");
            assertThat(updates)
                    .singleElement()
                    .satisfies(u -> assertThat(u)
                            .containsEntry("title", "Storage decision")
                            .containsEntry("sequence", 1));
            assertThat(ToolResults.structured(ok(
                            second,
                            "frontispice_read_handoff",
                            Map.of("project", "raveil", "handoff_id", receipt.get("handoff_id")))))
                    .containsEntry("content", "One shared store.");
            ok(
                    second,
                    "frontispice_advance_cursor",
                    Map.of("project", "raveil", "consumer", "codex", "through_sequence", 1));
            assertThat((List<?>) ToolResults.structured(ok(
                                    second,
                                    "frontispice_list_updates",
                                    Map.of("project", "raveil", "consumer", "codex")))
                            .get("updates"))
                    .isEmpty();
        } finally {
            second.closeGracefully();
        }
        assertThat(count(
                        database,
                        "SELECT count(*) FROM switchboard_schema_version WHERE owner IN" + " ('handoff', 'workspace')"))
                .as("handoff V1 and workspace V1-V3, applied once across two starts")
                .isEqualTo(4);
    }

    private McpSchema.CallToolResult ok(McpSyncClient client, String tool, Map<String, Object> arguments) {
        return ToolCalls.ok(client, tool, arguments, stderr);
    }

    private static long count(TestDatabase database, String query) throws SQLException {
        try (Connection connection = database.connect();
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery(query)) {
            rows.next();
            return rows.getLong(1);
        }
    }
}
