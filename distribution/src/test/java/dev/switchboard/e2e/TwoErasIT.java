package dev.switchboard.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
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

import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.modern.McpSchema;
import io.modelcontextprotocol.modern.client.McpClient;
import io.modelcontextprotocol.modern.client.McpSyncClient;
import io.modelcontextprotocol.modern.client.transport.StdioMcpClientTransport;

import dev.switchboard.e2e.support.NodeScripts;
import dev.switchboard.e2e.support.ToolResults;
import dev.switchboard.testkit.distribution.HttpServe;
import dev.switchboard.testkit.distribution.Installation;
import dev.switchboard.testkit.distribution.McpClients;
import dev.switchboard.testkit.distribution.NodeTests;

/**
 * Both MCP eras from real clients, on one installation with the workspace plugin enabled: over
 * streamable HTTP, the TypeScript SDK 2.x client (modern era, 2026-07-28) and the 1.32.2 client (legacy era) against
 * ONE running {@code serve --http} at the same time, each calling a handoff, a mailbox and a workspace tool, with the
 * same tool lists per caller (owner token, role token) in both eras and a view key refused (403) in both
 * ({@code src/test/node/two-eras.test.mjs}); over stdio (a session with a mailbox role), the MCP Java SDK 2.2.0's
 * modern client ({@code io.modelcontextprotocol.modern.client}) lists exactly what the SDK's legacy client lists and
 * calls a handoff, a mailbox and a workspace tool. Its own server: the workspace home is configuration the shared server does not have.
 *
 * <p>Runs beside the other end-to-end classes ({@link ExecutionMode#CONCURRENT}; docs/testing.md, "Ordering and
 * threads"): its installation, workspace home, server and clients are its own and it asserts no time (the clients'
 * timeouts are bounds against a hang); its tests run in turn on the class's thread (the lock on the class's own name).
 */
@Execution(ExecutionMode.CONCURRENT)
@ResourceLock("TwoErasIT")
class TwoErasIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(120);
    private static final Duration CALL_TIMEOUT = Duration.ofSeconds(30);

    @TempDir
    static Path dir;

    private static Installation installation;
    private static Map<String, String> workspaceEnv;
    private static Path project;
    private static HttpServe server;

    @BeforeAll
    static void startServer() throws IOException {
        installation = Installation.copyOfBuilt(dir).enable("workspace");
        Path home = Files.createDirectories(dir.resolve("home"));
        project = Files.createDirectories(home.resolve("project")).toRealPath();
        workspaceEnv = Map.of("SWITCHBOARD_PLUGINS__WORKSPACE__HOME", home.toString());
        server = HttpServe.start(installation, workspaceEnv, dir.resolve("server.log"));
    }

    @AfterAll
    static void stopServer() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void theTypeScriptClientsOfBothErasWorkOnOneHttpServerAtOnceWithTheSameToolsPerCaller() {
        Map<String, String> tokens;
        String viewKey;
        try (io.modelcontextprotocol.client.McpSyncClient owner =
                McpClients.http(server, "two-eras-setup", ConcurrentHashMap.newKeySet(), CALL_TIMEOUT, spec -> spec)) {
            owner.initialize();
            tokens = (Map<String, String>) ToolResults.structured(
                            owner.callTool(new io.modelcontextprotocol.spec.McpSchema.CallToolRequest(
                                    "create_channel", Map.of("name", "eras", "roles", List.of("lead", "dev")))))
                    .get("tokens");
            viewKey = (String)
                    ToolResults.structured(owner.callTool(new io.modelcontextprotocol.spec.McpSchema.CallToolRequest(
                                    "board_link", Map.of("channel", "eras"))))
                            .get("view_key");
        }
        Map<String, String> env = new LinkedHashMap<>();
        env.put("SWITCHBOARD_E2E_URL", server.url());
        env.put("SWITCHBOARD_E2E_TOKEN", server.token());
        env.put("SWITCHBOARD_E2E_ROLE_TOKEN", tokens.get("dev"));
        env.put("SWITCHBOARD_E2E_VIEW_KEY", viewKey);
        env.put("SWITCHBOARD_E2E_PROJECT", project.toString());
        try {
            NodeTests.assertPasses(
                    NodeScripts.dir(), "two-eras.test.mjs", env, TIMEOUT, dir.resolve("two-eras.log"), 2);
        } catch (AssertionError e) {
            throw new AssertionError(e.getMessage() + server.log(), e);
        }
    }

    @Test
    void theJavaSdksModernClientOverStdioListsWhatTheLegacyClientListsAndCallsTheTools() throws IOException {
        StringBuffer stderr = new StringBuffer();
        // A stdio session is one principal; with a mailbox role it also has the mailbox's tools (MailboxStdioIT).
        Map<String, String> env = new LinkedHashMap<>(workspaceEnv);
        env.put("SWITCHBOARD_PLUGINS__MAILBOX__ROLE", "dev");
        List<String> legacyTools;
        try (io.modelcontextprotocol.client.McpSyncClient legacy =
                McpClients.stdio(installation, env, "two-eras-legacy", stderr, spec -> spec)) {
            legacy.initialize();
            legacyTools = legacy.listTools().tools().stream()
                    .map(io.modelcontextprotocol.spec.McpSchema.Tool::name)
                    .sorted()
                    .toList();
        }
        Map<String, String> serverEnv = new LinkedHashMap<>(installation.environment());
        serverEnv.putAll(env);
        try (StdioMcpClientTransport transport = StdioMcpClientTransport.builder(
                        ServerParameters.builder(installation.launcher().toString())
                                .args("serve")
                                .env(serverEnv)
                                .build())
                .stderrConsumer(line -> stderr.append(line).append('\n'))
                .start()) {
            McpSyncClient modern = McpClient.sync(transport).build();

            McpSchema.DiscoverResult discovered = modern.discover();
            List<String> modernTools = modern.listTools().skipCache().list().tools().stream()
                    .map(McpSchema.Tool::name)
                    .sorted()
                    .toList();
            McpSchema.CallToolResult registered = modern.tool("frontispice_register_project")
                    .arguments(Map.of("project", "eras-stdio"))
                    .call();
            McpSchema.CallToolResult inbox =
                    modern.tool("read_inbox").arguments(Map.of()).call();
            McpSchema.CallToolResult opened = modern.tool("workspace_open")
                    .arguments(Map.of("cwd", project.toString()))
                    .call();

            assertThat(discovered.supportedVersions()).as(stderr.toString()).startsWith("2026-07-28");
            assertThat(modernTools).as("the modern era's tools over stdio").isEqualTo(legacyTools);
            assertThat(modernTools).contains("frontispice_publish_handoff", "read_inbox", "workspace_open", "bash");
            for (McpSchema.CallToolResult result : List.of(registered, inbox, opened)) {
                assertThat(result.isError()).as("%s%s", result, stderr).isFalse();
            }
            assertThat(ToolResults.map(opened.structuredContent())).containsKey("workspace_id");
        }
    }
}
