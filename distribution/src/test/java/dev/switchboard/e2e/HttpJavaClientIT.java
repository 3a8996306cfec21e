package dev.switchboard.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;

import dev.switchboard.e2e.support.HttpClients;
import dev.switchboard.e2e.support.SharedHttpServe;
import dev.switchboard.e2e.support.ToolCalls;
import dev.switchboard.e2e.support.ToolCatalog;
import dev.switchboard.testkit.distribution.HttpServe;
import dev.switchboard.testkit.distribution.McpClients;

/**
 * The built distribution served over streamable HTTP, authentication on, to the MCP Java SDK's own HTTP client
 * (the testkit's {@link McpClients#http}: the owner token sent as {@code Authorization: Bearer}). One server for the
 * class, shared with the other classes of {@link SharedHttpServe}.
 */
@ExtendWith(SharedHttpServe.class)
class HttpJavaClientIT {

    private static final List<String> HANDOFF_TOOLS = ToolCatalog.names("handoff");

    private static HttpServe server;

    @BeforeAll
    static void useTheSharedServer(HttpServe shared) {
        server = shared;
    }

    @Test
    @SuppressWarnings("unchecked")
    void initializeListAndCallOverHttpWithTheOwnerToken() {
        try (McpSyncClient client = HttpClients.client(server, "switchboard-e2e-java-http")) {
            McpSchema.InitializeResult initialized = client.initialize();
            assertThat(initialized.serverInfo().name()).as(server.log()).isEqualTo("switchboard");
            assertThat(initialized.protocolVersion()).isEqualTo("2025-11-25");

            List<String> tools = client.listTools().tools().stream()
                    .map(McpSchema.Tool::name)
                    .toList();
            assertThat(tools)
                    .as(server.log())
                    .contains("server_info")
                    .containsAll(HANDOFF_TOOLS)
                    .doesNotContainAnyElementsOf(WorkspaceStdioIT.WORKSPACE_TOOLS);

            Map<?, ?> info = ToolCalls.serverInfo(client);
            assertThat(info.get("name")).isEqualTo("switchboard");
            assertThat((List<Object>) info.get("transports"))
                    .as(String.valueOf(info))
                    .contains("http");
        }
    }

    @Test
    void aClosedClientIsFollowedByANewSessionThatWorks() {
        Set<String> firstSessions = ConcurrentHashMap.newKeySet();
        Set<String> secondSessions = ConcurrentHashMap.newKeySet();
        try (McpSyncClient first = HttpClients.client(server, "switchboard-e2e-java-first", firstSessions)) {
            first.initialize();
            assertThat(ToolCalls.serverInfo(first).get("name")).isEqualTo("switchboard");
        }
        try (McpSyncClient second = HttpClients.client(server, "switchboard-e2e-java-second", secondSessions)) {
            second.initialize();
            assertThat(ToolCalls.serverInfo(second).get("name"))
                    .as(server.log())
                    .isEqualTo("switchboard");
        }

        assertThat(firstSessions).as("the first client's session ids").hasSize(1);
        assertThat(secondSessions)
                .as("the second client's session ids")
                .hasSize(1)
                .doesNotContainAnyElementsOf(firstSessions);
    }

    @Test
    void aRequestWithoutTheTokenIsUnauthorized() throws IOException, InterruptedException {
        try (HttpClient http = HttpClient.newHttpClient()) {
            HttpResponse<String> response = http.send(
                    HttpRequest.newBuilder(server.uri("/mcp"))
                            .header("Content-Type", "application/json")
                            .header("Accept", "application/json, text/event-stream")
                            .POST(HttpRequest.BodyPublishers.ofString("""
                            {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25",\
                            "capabilities":{},"clientInfo":{"name":"no-token","version":"1"}}}"""))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());

            assertThat(response.statusCode()).as(response.body()).isEqualTo(401);
            assertThat(response.headers().firstValue("WWW-Authenticate"))
                    .hasValueSatisfying(value -> assertThat(value).startsWith("Bearer"));
        }
    }
}
