package dev.switchboard.e2e.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiFunction;

import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;

import dev.switchboard.testkit.distribution.HttpServe;
import dev.switchboard.testkit.distribution.McpClients;
import dev.switchboard.testkit.mailbox.BoardDemo;
import dev.switchboard.testkit.mailbox.DecisionDemo;

/**
 * The board's demonstration channel on a served distribution: the testkit's {@link BoardDemo} (four roles, an open
 * debt in the courts of frontend (two) and qa (two), a debt resolved and waiting for lead's confirmation, a pinned
 * charter, an open proposal missing two votes, a reply whose body is markup), made through real MCP Java SDK clients
 * with the owner token and each role's own token.
 *
 * @param name   the channel
 * @param tokens its role tokens
 * @param login  the debt whose thread holds the hostile reply
 * @param hostile the reply whose body is {@link #HOSTILE}
 */
public record BoardChannel(String name, Map<String, String> tokens, long login, long hostile) {

    /** A message body that would run script or inject an element if it were not escaped. */
    public static final String HOSTILE = BoardDemo.HOSTILE;

    private static final Duration TIMEOUT = Duration.ofSeconds(20);

    /**
     * @param server a server with the mailbox plugin, over HTTP
     * @param name   the new channel's name
     * @return the channel, filled
     */
    public static BoardChannel create(HttpServe server, String name) {
        return filled(server, name, (tokens, caller) -> {
            BoardDemo demo = BoardDemo.fill(caller);
            return new BoardChannel(name, tokens, demo.login(), demo.hostile());
        });
    }

    /**
     * The demonstration channel with the testkit's {@link DecisionDemo} added (a {@code needs_changes} vote with a
     * note, a blocker, a reopened debt with an addendum, a second charter version: ADR 66).
     *
     * @param channel   the channel
     * @param demo      what {@link BoardDemo#fill} sent
     * @param decisions what {@link DecisionDemo#fill} sent
     */
    public record Decided(BoardChannel channel, BoardDemo demo, DecisionDemo decisions) {}

    /**
     * @param server a server with the mailbox plugin, over HTTP
     * @param name   the new channel's name
     * @return the channel, filled with the demonstration and its decisions
     */
    public static Decided createWithDecisions(HttpServe server, String name) {
        return filled(server, name, (tokens, caller) -> {
            BoardDemo demo = BoardDemo.fill(caller);
            DecisionDemo decisions = DecisionDemo.fill(caller, demo);
            return new Decided(new BoardChannel(name, tokens, demo.login(), demo.hostile()), demo, decisions);
        });
    }

    /** Creates the channel with {@link BoardDemo#ROLES} as the owner, then fills it with each role's own client. */
    @SuppressWarnings("unchecked")
    private static <T> T filled(
            HttpServe server, String name, BiFunction<Map<String, String>, BoardDemo.Caller, T> fill) {
        Map<String, String> tokens;
        try (McpSyncClient owner = client(server, server.token(), "board-owner")) {
            tokens = (Map<String, String>) ok(owner, "create_channel", Map.of("name", name, "roles", BoardDemo.ROLES))
                    .get("tokens");
        }
        Map<String, McpSyncClient> clients = new LinkedHashMap<>();
        try {
            for (String role : BoardDemo.ROLES) {
                clients.put(role, client(server, tokens.get(role), role));
            }
            return fill.apply(tokens, (role, tool, arguments) -> ok(clients.get(role), tool, arguments));
        } finally {
            clients.values().forEach(McpSyncClient::close);
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
