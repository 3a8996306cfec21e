package dev.switchboard.e2e.support;

import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import io.modelcontextprotocol.client.McpSyncClient;

import dev.switchboard.testkit.distribution.HttpServe;
import dev.switchboard.testkit.distribution.McpClients;

/**
 * The MCP Java SDK's streamable HTTP client on a {@link HttpServe} (the testkit's {@link McpClients#http}, the
 * owner token sent as {@code Authorization: Bearer}), with the defaults the HTTP end-to-end tests share. Each client
 * is built, not initialized. Stateless.
 */
public final class HttpClients {

    /** The longest wait for initialization and for any one request, unless a caller gives another. */
    public static final Duration TIMEOUT = McpClients.TIMEOUT;

    private HttpClients() {}

    /** @return a client named {@code name}, its session ids not recorded */
    public static McpSyncClient client(HttpServe server, String name) {
        return client(server, name, ConcurrentHashMap.newKeySet());
    }

    /** @param sessions receives every {@code Mcp-Session-Id} the client sends */
    public static McpSyncClient client(HttpServe server, String name, Set<String> sessions) {
        return client(server, name, sessions, TIMEOUT);
    }

    /**
     * @param sessions receives every {@code Mcp-Session-Id} the client sends
     * @param timeout  the longest wait for initialization and for any one request
     */
    public static McpSyncClient client(HttpServe server, String name, Set<String> sessions, Duration timeout) {
        return McpClients.http(server, name, sessions, timeout, spec -> spec);
    }

    /**
     * @param token the bearer the client sends (a role token, a view key or the owner token)
     * @return an initialized client named {@code name} that sends {@code token}, its session ids not recorded
     */
    public static McpSyncClient initialized(HttpServe server, String token, String name) {
        McpSyncClient client =
                McpClients.http(server, token, name, ConcurrentHashMap.newKeySet(), TIMEOUT, spec -> spec);
        client.initialize();
        return client;
    }
}
