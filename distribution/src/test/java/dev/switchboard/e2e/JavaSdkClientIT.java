package dev.switchboard.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;

import dev.switchboard.testkit.distribution.Installation;
import dev.switchboard.testkit.distribution.McpClients;

/** The built distribution, served over stdio to the MCP Java SDK's own client (one server for the class). */
class JavaSdkClientIT {

    private static final StringBuffer SERVER_STDERR = new StringBuffer();

    @TempDir
    static Path dir;

    private static Installation installation;
    private static McpSyncClient client;
    private static McpSchema.InitializeResult initialized;

    @BeforeAll
    static void startServer() {
        installation = Installation.copyOfBuilt(dir);
        client = McpClients.stdio(installation, Map.of(), "switchboard-e2e-java", SERVER_STDERR, spec -> spec);
        initialized = client.initialize();
    }

    @AfterAll
    static void stopServer() {
        if (client != null) {
            client.closeGracefully();
        }
    }

    @Test
    void initializeNamesTheServerAndAgreesOnTheLatestProtocol() {
        assertThat(initialized.serverInfo().name()).as(log()).isEqualTo("switchboard");
        assertThat(initialized.serverInfo().version()).isEqualTo(System.getProperty("switchboard.e2e.version"));
        assertThat(initialized.protocolVersion()).isEqualTo("2025-11-25");
        assertThat(initialized.capabilities().tools()).isNotNull();
    }

    @Test
    void toolsListOffersServerInfoAsReadOnly() {
        McpSchema.Tool serverInfo = client.listTools().tools().stream()
                .filter(tool -> tool.name().equals("server_info"))
                .findFirst()
                .orElseThrow(() -> new AssertionError("server_info is not listed" + log()));

        assertThat(serverInfo.description()).contains("Switchboard server");
        assertThat(serverInfo.annotations().readOnlyHint()).isTrue();
        assertThat(serverInfo.inputSchema()).containsEntry("type", "object");
    }

    @Test
    void serverInfoReportsSqliteUnderTheStateDirAndTheStartedBundledPlugins() {
        McpSchema.CallToolResult result = client.callTool(new McpSchema.CallToolRequest("server_info", Map.of()));

        assertThat(result.isError()).as(String.valueOf(result)).isFalse();
        Map<?, ?> info = (Map<?, ?>) result.structuredContent();
        assertThat(info.get("name")).isEqualTo("switchboard");
        Map<?, ?> storage = (Map<?, ?>) info.get("storage");
        assertThat(storage.get("available")).isEqualTo(true);
        assertThat(storage.get("backend")).isEqualTo("sqlite");
        assertThat(storage.get("location"))
                .as("ADR 14: the state directory is not named")
                .isEqualTo("<state-dir>/switchboard.db");
        assertThat((List<?>) info.get("plugins"))
                .map(plugin -> ((Map<?, ?>) plugin).get("id") + "=" + ((Map<?, ?>) plugin).get("state"))
                .contains(
                        "storage-sqlite=started",
                        "transport-stdio=started",
                        "handoff=started",
                        "metrics=started",
                        "workspace=disabled");
    }

    @Test
    void anArgumentTheSchemaForbidsIsAToolErrorWithInvalidArguments() {
        McpSchema.CallToolResult result = client.callTool(new McpSchema.CallToolRequest("server_info", Map.of("x", 1)));

        assertThat(result.isError()).as(String.valueOf(result)).isTrue();
        Map<?, ?> error = (Map<?, ?>) result.structuredContent();
        assertThat(error.get("code")).isEqualTo("INVALID_ARGUMENTS");
        assertThat(((Map<?, ?>) error.get("details")).get("field")).isEqualTo("x");
        assertThat(((McpSchema.TextContent) result.content().getFirst()).text()).startsWith("INVALID_ARGUMENTS: ");
    }

    @Test
    void anUnknownToolIsAJsonRpcInvalidParamsError() {
        assertThatThrownBy(() -> client.callTool(new McpSchema.CallToolRequest("no_such_tool", Map.of())))
                .isInstanceOfSatisfying(
                        McpError.class,
                        e -> assertThat(e.getJsonRpcError().code()).isEqualTo(-32602));
    }

    private static String log() {
        return "server stderr:\n" + SERVER_STDERR;
    }
}
