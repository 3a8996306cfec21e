package dev.switchboard.e2e.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;

import dev.switchboard.testkit.distribution.HttpServe;
import dev.switchboard.testkit.distribution.McpClients;

/**
 * The board's demonstration channel on a served distribution, made through real MCP Java SDK clients with the owner
 * token and each role's own token: four roles (lead, frontend, backend, qa), an open debt in the courts of frontend
 * (two) and qa (two), a debt resolved and waiting for lead's confirmation, a charter pinned with the approval of a
 * proposal every other role agreed to, an open proposal missing two votes, and a reply whose body is markup.
 *
 * @param name   the channel
 * @param tokens its role tokens
 * @param login  the debt whose thread holds the hostile reply
 * @param hostile the reply whose body is {@link #HOSTILE}
 */
public record BoardChannel(String name, Map<String, String> tokens, long login, long hostile) {

    /** A message body that would run script or inject an element if it were not escaped. */
    public static final String HOSTILE =
            "<script>document.title='owned'</script>\"><img src=x onerror=\"document.title='owned'\">";

    private static final Duration TIMEOUT = Duration.ofSeconds(20);

    /**
     * @param server a server with the mailbox plugin, over HTTP
     * @param name   the new channel's name
     * @return the channel, filled
     */
    @SuppressWarnings("unchecked")
    public static BoardChannel create(HttpServe server, String name) {
        Map<String, String> tokens;
        try (McpSyncClient owner = client(server, server.token(), "board-owner")) {
            tokens = (Map<String, String>) ok(
                            owner,
                            "create_channel",
                            Map.of("name", name, "roles", List.of("lead", "frontend", "backend", "qa")))
                    .get("tokens");
        }
        try (McpSyncClient lead = client(server, tokens.get("lead"), "lead");
                McpSyncClient frontend = client(server, tokens.get("frontend"), "frontend");
                McpSyncClient backend = client(server, tokens.get("backend"), "backend");
                McpSyncClient qa = client(server, tokens.get("qa"), "qa")) {
            long login = debt(lead, "frontend", "login page", "build the login page");
            long api = debt(frontend, "backend", "session API", "which fields does /session return?");
            ok(backend, "set_work_status", Map.of("message_id", api, "work_status", "needs_you"));
            long notes = debt(qa, "lead", "release notes", "write the release notes");
            ok(lead, "set_work_status", Map.of("message_id", notes, "work_status", "done_local"));
            debt(backend, "qa", "test plan", "plan the load tests");
            long schema = debt(lead, "backend", "schema", "migrate the schema");
            ok(backend, "resolve_message", Map.of("message_id", schema, "resolution_note", "migrated"));
            long charter = propose(lead, "charter", "the team charter");
            for (McpSyncClient voter : List.of(frontend, backend, qa)) {
                ok(voter, "acknowledge", Map.of("message_id", charter, "decision", "agree"));
            }
            ok(
                    lead,
                    "pin_set",
                    Map.of(
                            "key",
                            "charter",
                            "title",
                            "Team charter",
                            "version",
                            "1",
                            "body",
                            "We review every change before it lands.",
                            "approved_by",
                            charter));
            long glossary = propose(frontend, "glossary", "the glossary");
            ok(backend, "acknowledge", Map.of("message_id", glossary, "decision", "agree"));
            long hostile = id(ok(
                    frontend,
                    "send_message",
                    Map.of("to", "lead", "topic", "re: login page", "body", HOSTILE, "reply_to", login)));
            return new BoardChannel(name, tokens, login, hostile);
        }
    }

    /**
     * @param server the server
     * @param token  the owner token or a role token
     * @return the path and query of a fresh board link ({@code /board/<channel>?t=<nonce>})
     */
    public String link(HttpServe server, String token) {
        try (McpSyncClient caller = client(server, token, "board-link")) {
            Map<String, Object> arguments = new LinkedHashMap<>();
            arguments.put("label", "browser");
            if (token.equals(server.token())) {
                arguments.put("channel", name);
            }
            return (String) ok(caller, "board_link", arguments).get("url");
        }
    }

    /** Rotates a role's token as the owner. */
    public void rotate(HttpServe server, String role) {
        try (McpSyncClient owner = client(server, server.token(), "board-rotate")) {
            ok(owner, "rotate_token", Map.of("channel", name, "role", role));
        }
    }

    private static long debt(McpSyncClient from, String to, String topic, String body) {
        return id(ok(from, "send_message", Map.of("to", to, "topic", topic, "body", body, "action_required", true)));
    }

    private static long propose(McpSyncClient from, String key, String topic) {
        Map<String, Object> arguments = new LinkedHashMap<>();
        arguments.put("to", "*");
        arguments.put("kind", "proc");
        arguments.put("pin_key", key);
        arguments.put("about_message_id", null);
        arguments.put("voters", "*");
        arguments.put("topic", topic);
        arguments.put("body", "agree to pin " + key);
        return id(ok(from, "send_message", arguments));
    }

    private static long id(Map<String, Object> sent) {
        return ((Number) sent.get("id")).longValue();
    }

    private static McpSyncClient client(HttpServe server, String token, String name) {
        McpSyncClient client =
                McpClients.http(server, token, "board-" + name, ConcurrentHashMap.newKeySet(), TIMEOUT, spec -> spec);
        client.initialize();
        return client;
    }

    private static Map<String, Object> ok(McpSyncClient client, String tool, Map<String, Object> arguments) {
        McpSchema.CallToolResult result = client.callTool(
                McpSchema.CallToolRequest.builder(tool).arguments(arguments).build());
        assertThat(result.isError()).as(tool + ": " + result).isNotEqualTo(Boolean.TRUE);
        return ToolResults.structured(result);
    }
}
