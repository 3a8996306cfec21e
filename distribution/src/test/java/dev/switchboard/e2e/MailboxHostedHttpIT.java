package dev.switchboard.e2e;

import static dev.switchboard.e2e.support.ToolResults.structured;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;

import dev.switchboard.e2e.support.HttpClients;
import dev.switchboard.e2e.support.SharedHttpServe;
import dev.switchboard.e2e.support.ToolCalls;
import dev.switchboard.testkit.distribution.HttpServe;
import dev.switchboard.testkit.distribution.McpClients;

/**
 * Hosted channels end to end: the built distribution over streamable HTTP; the owner, with the
 * owner token, creates a channel with three roles through the MCP Java SDK client; each role's own client, with its
 * own role token, sees the channel tools only, and the roles send, read, resolve and confirm a debt; rotate_token makes
 * the old token fail at once (401), and a view key is refused on /mcp (403); a role token is served its own inbox
 * resource and none of the owner's (ADR 20).
 */
@ExtendWith(SharedHttpServe.class)
class MailboxHostedHttpIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(20);

    private static HttpServe server;

    @BeforeAll
    static void useTheSharedServer(HttpServe shared) {
        server = shared;
    }

    @Test
    @DisplayName(
            "the owner creates a channel with three roles; each role's client works with its own token; rotate_token"
                    + " makes the old token fail at once")
    @SuppressWarnings("unchecked")
    void ownerCreatesAChannelAndEachRoleWorksWithItsOwnToken() throws Exception {
        Map<String, String> tokens;
        try (McpSyncClient owner = client(server.token(), "owner")) {
            List<String> ownerTools = names(owner);
            assertThat(ownerTools)
                    .as(server.log())
                    .contains("create_channel", "rotate_token", "list_audit_events", "server_info")
                    .doesNotContain("send_message", "read_inbox");
            Map<String, Object> created = ok(
                    owner, "create_channel", Map.of("name", "proj", "roles", List.of("lead", "frontend", "backend")));
            tokens = (Map<String, String>) created.get("tokens");
        }
        assertThat(tokens).containsOnlyKeys("lead", "frontend", "backend");

        long debt;
        try (McpSyncClient lead = client(tokens.get("lead"), "lead");
                McpSyncClient frontend = client(tokens.get("frontend"), "frontend");
                McpSyncClient backend = client(tokens.get("backend"), "backend")) {
            assertThat(names(frontend))
                    .contains("send_message", "read_inbox", "list_roles", "board_link")
                    .doesNotContain("create_channel", "server_info", "frontispice_publish_handoff");
            assertThat(ok(backend, "list_roles", Map.of()))
                    .containsEntry("roles", List.of("backend", "frontend", "lead"))
                    .containsEntry("you", "backend")
                    .containsEntry("source", "channel-registry");

            debt = ((Number) ok(
                                    lead,
                                    "send_message",
                                    Map.of(
                                            "to", "frontend",
                                            "topic", "login page",
                                            "body", "build the login page",
                                            "action_required", true))
                            .get("id"))
                    .longValue();
            ok(backend, "send_message", Map.of("to", "*", "topic", "api", "body", "the API is up"));

            String inbox = ok(frontend, "read_inbox", Map.of()).toString();
            assertThat(inbox).contains("build the login page", "the API is up");
            ok(frontend, "resolve_message", Map.of("message_id", debt, "resolution_note", "done"));
            ok(lead, "confirm_resolution", Map.of("message_id", debt));
            McpSchema.CallToolResult refused =
                    call(frontend, "create_channel", Map.of("name", "x", "roles", List.of("a", "b")));
            assertThat(refused.isError()).isTrue();
            assertThat(structured(refused)).containsEntry("code", "FORBIDDEN");
            McpSchema.CallToolResult ownerMailbox;
            try (McpSyncClient owner = client(server.token(), "owner-again")) {
                ownerMailbox = call(owner, "read_inbox", Map.of());
                Map<String, Object> rotated = ok(owner, "rotate_token", Map.of("channel", "proj", "role", "frontend"));
                tokens = new LinkedHashMap<>(tokens);
                tokens.put("frontend-new", (String) rotated.get("token"));
            }
            assertThat(structured(ownerMailbox)).containsEntry("code", "FORBIDDEN");
        }

        assertThat(initializeStatus(tokens.get("frontend"))).isEqualTo(401);
        try (McpSyncClient frontend = client(tokens.get("frontend-new"), "frontend-rotated")) {
            assertThat(ok(frontend, "list_roles", Map.of())).containsEntry("you", "frontend");
        }
    }

    @Test
    @DisplayName("3C.129 a view key from board_link is refused on /mcp with 403")
    void aViewKeyIsRefusedOnMcp() throws Exception {
        String viewKey;
        try (McpSyncClient owner = client(server.token(), "owner-board")) {
            ok(owner, "create_channel", Map.of("name", "board-check", "roles", List.of("a", "b")));
            viewKey = (String)
                    ok(owner, "board_link", Map.of("channel", "board-check")).get("view_key");
        }
        assertThat(viewKey).startsWith("ccv_");

        assertThat(initializeStatus(viewKey)).isEqualTo(403);
        assertThat(initializeStatus("cct_" + "A".repeat(43))).isEqualTo(401);
    }

    @Test
    @DisplayName(
            "ADR 20: a role token lists no handoff:// resource and reads or subscribes to a handoff as not found, while"
                    + " the owner reads it; the role reads its own inbox and no other role's, and its subscription is"
                    + " notified of a new item over HTTP")
    @SuppressWarnings("unchecked")
    void aRoleTokenIsServedItsInboxButNoHandoffResources() throws Exception {
        String handoff = "handoff://served/1";
        Map<String, String> tokens;
        try (McpSyncClient owner = client(server.token(), "owner-resources")) {
            ok(owner, "frontispice_register_project", Map.of("project", "served"));
            ok(
                    owner,
                    "frontispice_publish_handoff",
                    Map.of("project", "served", "title", "t", "summary", "s", "content", "owner only"));
            awaitListed(owner, handoff);
            assertThat(text(owner.readResource(new McpSchema.ReadResourceRequest(handoff))))
                    .contains("owner only");
            tokens = (Map<String, String>)
                    ok(owner, "create_channel", Map.of("name", "resources", "roles", List.of("lead", "dev")))
                            .get("tokens");
        }

        List<McpSchema.ResourceContents> updates = new CopyOnWriteArrayList<>();
        try (McpSyncClient dev = McpClients.http(
                        server,
                        tokens.get("dev"),
                        "hosted-dev-resources",
                        ConcurrentHashMap.newKeySet(),
                        TIMEOUT,
                        spec -> spec.resourcesUpdateConsumer(updates::addAll));
                McpSyncClient lead = client(tokens.get("lead"), "lead-resources")) {
            dev.initialize();
            assertThat(dev.listResources().resources())
                    .extracting(McpSchema.Resource::uri)
                    .containsExactly("mailbox://resources/inbox/dev");
            assertThat(dev.listResources().resources())
                    .extracting(McpSchema.Resource::uri)
                    .noneMatch(uri -> uri.startsWith("handoff://"));
            assertThat(dev.listResourceTemplates().resourceTemplates())
                    .extracting(McpSchema.ResourceTemplate::uriTemplate)
                    .containsExactly("mailbox://{channel}/inbox/{role}");
            assertThat(readError(dev, handoff)).isEqualTo(McpSchema.ErrorCodes.RESOURCE_NOT_FOUND);
            assertThat(text(dev.readResource(new McpSchema.ReadResourceRequest("mailbox://resources/inbox/dev"))))
                    .contains("mailbox://resources/inbox/dev");
            assertThat(readError(dev, "mailbox://resources/inbox/lead"))
                    .isEqualTo(McpSchema.ErrorCodes.RESOURCE_NOT_FOUND);
            assertThat(subscribeError(dev, handoff)).isEqualTo(McpSchema.ErrorCodes.RESOURCE_NOT_FOUND);
            dev.subscribeResource(new McpSchema.SubscribeRequest("mailbox://resources/inbox/dev"));

            ok(lead, "send_message", Map.of("to", "dev", "topic", "review", "body", "please", "action_required", true));
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (updates.isEmpty() && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertThat(updates)
                    .as(server.log())
                    .extracting(McpSchema.ResourceContents::uri)
                    .contains("mailbox://resources/inbox/dev");
        }
    }

    private static void awaitListed(McpSyncClient client, String uri) throws InterruptedException {
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        while (client.listResources().resources().stream()
                .noneMatch(r -> r.uri().equals(uri))) {
            assertThat(System.nanoTime())
                    .as(uri + " never listed\n" + server.log())
                    .isLessThan(deadline);
            Thread.sleep(100);
        }
    }

    private static String text(McpSchema.ReadResourceResult result) {
        return result.contents().stream()
                .map(c -> ((McpSchema.TextResourceContents) c).text())
                .reduce("", String::concat);
    }

    private static int readError(McpSyncClient client, String uri) {
        try {
            McpSchema.ReadResourceResult result = client.readResource(new McpSchema.ReadResourceRequest(uri));
            throw new AssertionError(uri + " was read: " + result);
        } catch (McpError e) {
            return e.getJsonRpcError().code();
        }
    }

    private static int subscribeError(McpSyncClient client, String uri) {
        try {
            client.subscribeResource(new McpSchema.SubscribeRequest(uri));
            throw new AssertionError(uri + " was subscribed to");
        } catch (McpError e) {
            return e.getJsonRpcError().code();
        }
    }

    private static McpSyncClient client(String token, String name) {
        return HttpClients.initialized(server, token, "hosted-" + name);
    }

    private static List<String> names(McpSyncClient client) {
        return client.listTools().tools().stream().map(McpSchema.Tool::name).toList();
    }

    private static McpSchema.CallToolResult call(McpSyncClient client, String tool, Map<String, Object> arguments) {
        return client.callTool(
                McpSchema.CallToolRequest.builder(tool).arguments(arguments).build());
    }

    private static Map<String, Object> ok(McpSyncClient client, String tool, Map<String, Object> arguments) {
        return ToolCalls.okStructured(client, tool, arguments, "\n" + server.log());
    }

    private static int initializeStatus(String token) throws IOException, InterruptedException {
        try (HttpClient http = HttpClient.newHttpClient()) {
            HttpRequest request = HttpRequest.newBuilder(server.uri("/mcp"))
                    .header("Authorization", "Bearer " + token)
                    .header("Content-Type", "application/json")
                    .header("Accept", "application/json, text/event-stream")
                    .POST(HttpRequest.BodyPublishers.ofString("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\","
                            + "\"params\":{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},"
                            + "\"clientInfo\":{\"name\":\"raw\",\"version\":\"1\"}}}"))
                    .build();
            return http.send(request, HttpResponse.BodyHandlers.ofString()).statusCode();
        }
    }
}
