package dev.switchboard.e2e;

import static dev.switchboard.e2e.support.ToolResults.structured;
import static dev.switchboard.e2e.support.ToolResults.text;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;

import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;

import dev.switchboard.e2e.support.HttpClients;
import dev.switchboard.e2e.support.Pids;
import dev.switchboard.e2e.support.ToolCalls;
import dev.switchboard.testkit.distribution.HttpServe;
import dev.switchboard.testkit.distribution.Installation;

/**
 * Workspaces and request keys over streamable HTTP are independent of sessions (spec §3B, behaviours 71 and 72): with
 * the default limit of 64 sessions, 80 initialize → tools/list cycles evict an idle session (its id then gets 404)
 * but not a session whose {@code bash} call is still running, which completes; a new session then uses the old
 * {@code workspace_id} and replays both keys. A command whose caller disconnects mid-call also completes (MCP: a
 * disconnection is not a cancellation), and its key then replays its output. Java SDK clients for the workspace calls,
 * raw HTTP for the cycles and the vanishing caller.
 *
 * <p>Runs beside the other end-to-end classes ({@link ExecutionMode#CONCURRENT}; docs/testing.md, "Ordering and
 * threads"): its installation, server, workspace home and sessions are its own and it asserts no time; its tests run in turn on the
 * class's thread (the lock on the class's own name).
 */
@Execution(ExecutionMode.CONCURRENT)
@ResourceLock("WorkspaceHttpIT")
class WorkspaceHttpIT {

    private static final int CYCLES = 80;
    private static final Duration CALL_TIMEOUT = Duration.ofSeconds(60);

    @TempDir
    Path dir;

    @Test
    void workspacesAndKeysOutliveEvictedSessionsWhileABusySessionIsKept() throws Exception {
        Installation installation = Installation.copyOfBuilt(dir).enable("workspace");
        Path home = Files.createDirectories(dir.resolve("home"));
        Path project = Files.createDirectories(home.resolve("project")).toRealPath();
        Set<String> idleSessions = ConcurrentHashMap.newKeySet();
        try (HttpServe server = HttpServe.start(
                        installation,
                        Map.of("SWITCHBOARD_PLUGINS__WORKSPACE__HOME", home.toString()),
                        dir.resolve("server.log"));
                ExecutorService background = Executors.newVirtualThreadPerTaskExecutor();
                HttpClient http = HttpClient.newHttpClient()) {
            McpSyncClient idle = HttpClients.client(server, "workspace-idle", idleSessions, CALL_TIMEOUT);
            idle.initialize();
            String workspace =
                    (String) structured(ok(idle, server, "workspace_open", Map.of("cwd", project.toString())))
                            .get("workspace_id");
            Map<String, Object> earlier = Map.of(
                    "workspace_id",
                    workspace,
                    "request_key",
                    "k-71",
                    "command",
                    "printf x >> ../counter-71; echo first 71");
            McpSchema.CallToolResult first = ok(idle, server, "bash", earlier);

            McpSyncClient busy =
                    HttpClients.client(server, "workspace-busy", ConcurrentHashMap.newKeySet(), CALL_TIMEOUT);
            busy.initialize();
            // Waits for the test's gate, so the call is certainly running while the sessions pile up.
            Map<String, Object> gated = Map.of(
                    "workspace_id",
                    workspace,
                    "request_key",
                    "k-72",
                    "command",
                    "echo $$ > ../pid-72; while [ ! -f ../gate-72 ]; do sleep 0.1; done; echo done 72");
            CompletableFuture<McpSchema.CallToolResult> running = CompletableFuture.supplyAsync(
                    () -> busy.callTool(McpSchema.CallToolRequest.builder("bash")
                            .arguments(gated)
                            .build()),
                    background);
            long commandPid = Pids.await(home.resolve("pid-72"), Duration.ofSeconds(20));
            try {
                for (int i = 0; i < CYCLES; i++) {
                    initializeAndList(http, server, i);
                }

                assertThat(ping(http, server, idleSessions.iterator().next()).statusCode())
                        .as("the idle session after %d new ones%s", CYCLES, server.log())
                        .isEqualTo(404);

                Files.createFile(home.resolve("gate-72"));
                McpSchema.CallToolResult completed = running.get(CALL_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
                assertThat(completed.isError())
                        .as("%s%s", completed, server.log())
                        .isFalse();
                assertThat(text(completed)).contains("done 72");
            } finally {
                Pids.killQuietly(commandPid);
            }

            try (McpSyncClient fresh = HttpClients.client(server, "workspace-fresh")) {
                fresh.initialize();
                McpSchema.CallToolResult replayed = ok(fresh, server, "bash", earlier);
                assertThat(structured(replayed)).containsEntry("replayed", true);
                assertThat(text(replayed)).isEqualTo(text(first));
                McpSchema.CallToolResult replayedGated = ok(fresh, server, "bash", gated);
                assertThat(structured(replayedGated)).containsEntry("replayed", true);
                assertThat(text(replayedGated)).contains("done 72");
                assertThat(text(ok(fresh, server, "ls", Map.of("workspace_id", workspace))))
                        .as("the old workspace")
                        .isNotBlank();
            }
            assertThat(Files.readString(home.resolve("counter-71")))
                    .as("the first command ran once")
                    .isEqualTo("x");
            busy.closeGracefully();
            closeQuietly(idle);
        }
    }

    @Test
    void aCommandWhoseCallerDisconnectsCompletesAndItsKeyReplaysTheOutput() throws Exception {
        Installation installation = Installation.copyOfBuilt(dir).enable("workspace");
        Path home = Files.createDirectories(dir.resolve("home"));
        Path project = Files.createDirectories(home.resolve("project")).toRealPath();
        try (HttpServe server = HttpServe.start(
                        installation,
                        Map.of(
                                "SWITCHBOARD_PLUGINS__WORKSPACE__HOME",
                                home.toString(),
                                "SWITCHBOARD_PLUGINS__TRANSPORT_HTTP__SSE_HEARTBEAT_MS",
                                "100"),
                        dir.resolve("server.log"));
                HttpClient http = HttpClient.newHttpClient();
                McpSyncClient client =
                        HttpClients.client(server, "workspace-stays", ConcurrentHashMap.newKeySet(), CALL_TIMEOUT)) {
            client.initialize();
            String workspace =
                    (String) structured(ok(client, server, "workspace_open", Map.of("cwd", project.toString())))
                            .get("workspace_id");
            String command = "echo $$ > ../pid-gone; while [ ! -f ../gate-gone ]; do sleep 0.1; done;"
                    + " printf y >> ../counter-gone; echo finished";
            Map<String, Object> arguments =
                    Map.of("workspace_id", workspace, "request_key", "k-gone", "command", command);

            String session = initialize(http, server);
            long commandPid;
            try (Socket vanishing =
                    new Socket(server.uri("").getHost(), server.uri("").getPort())) {
                sendCall(vanishing, server, session, workspace, command);
                commandPid = Pids.await(home.resolve("pid-gone"), Duration.ofSeconds(20));
            }
            try {
                // The heartbeat (100 ms) finds the caller gone; the command must keep running to its end.
                Thread.sleep(1_000);
                assertThat(Pids.alive(commandPid))
                        .as("the command after its caller left%s", server.log())
                        .isTrue();
                Files.createFile(home.resolve("gate-gone"));

                McpSchema.CallToolResult replayed = ok(client, server, "bash", arguments);
                assertThat(structured(replayed)).containsEntry("replayed", true);
                assertThat(text(replayed)).contains("finished");
                assertThat(Files.readString(home.resolve("counter-gone")))
                        .as("ran once")
                        .isEqualTo("y");
            } finally {
                Pids.killQuietly(commandPid);
            }
        }
    }

    private static String initialize(HttpClient http, HttpServe server) throws IOException, InterruptedException {
        HttpResponse<String> init = server.post(http, null, """
                {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25",\
                "capabilities":{},"clientInfo":{"name":"vanishing","version":"1"}}}""");
        String session = init.headers().firstValue("Mcp-Session-Id").orElseThrow();
        assertThat(server.post(http, session, """
                {"jsonrpc":"2.0","method":"notifications/initialized"}""").statusCode()).isEqualTo(202);
        return session;
    }

    /** Writes a {@code tools/call bash} request by hand on a socket the caller then closes without reading. */
    private static void sendCall(Socket socket, HttpServe server, String session, String workspace, String command)
            throws IOException {
        String body = """
                {"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"bash","arguments":\
                {"workspace_id":"%s","request_key":"k-gone","command":"%s"}}}""".formatted(workspace, command.replace("\\", "\\\\").replace("\"", "\\\""));
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        String head = "POST /mcp HTTP/1.1\r\nHost: " + server.uri("").getHost() + ":"
                + server.uri("").getPort()
                + "\r\nAuthorization: Bearer " + server.token() + "\r\nMcp-Session-Id: " + session
                + "\r\nMcp-Protocol-Version: 2025-11-25\r\nContent-Type: application/json"
                + "\r\nAccept: application/json, text/event-stream\r\nContent-Length: " + bytes.length + "\r\n\r\n";
        OutputStream out = socket.getOutputStream();
        out.write(head.getBytes(StandardCharsets.US_ASCII));
        out.write(bytes);
        out.flush();
    }

    private static McpSchema.CallToolResult ok(
            McpSyncClient client, HttpServe server, String tool, Map<String, Object> arguments) {
        return ToolCalls.ok(client, tool, arguments, server.log());
    }

    /** One short-lived client: initialize, initialized, tools/list, and it never comes back. */
    private static void initializeAndList(HttpClient http, HttpServe server, int n)
            throws IOException, InterruptedException {
        HttpResponse<String> init = server.post(http, null, """
                {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25",\
                "capabilities":{},"clientInfo":{"name":"cycle-%d","version":"1"}}}""".formatted(n));
        assertThat(init.statusCode())
                .as("initialize %d: %s%s", n, init.body(), server.log())
                .isEqualTo(200);
        String session = init.headers().firstValue("Mcp-Session-Id").orElseThrow();
        assertThat(server.post(http, session, """
                {"jsonrpc":"2.0","method":"notifications/initialized"}""").statusCode()).isEqualTo(202);
        HttpResponse<String> tools = server.post(http, session, """
                {"jsonrpc":"2.0","id":2,"method":"tools/list"}""");
        assertThat(tools.statusCode()).as("tools/list %d: %s", n, tools.body()).isEqualTo(200);
        assertThat(tools.body()).contains("workspace_open");
    }

    private static HttpResponse<String> ping(HttpClient http, HttpServe server, String session)
            throws IOException, InterruptedException {
        return server.post(http, session, """
                {"jsonrpc":"2.0","id":9,"method":"ping"}""");
    }

    /** The idle client's session was evicted, so ending it may be refused; that is the point of the test. */
    private static void closeQuietly(McpSyncClient client) {
        try {
            client.close();
        } catch (RuntimeException e) {
            // its session is gone already
        }
    }
}
