package dev.switchboard.testkit.distribution;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.jackson3.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import tools.jackson.databind.json.JsonMapper;

/**
 * The MCP Java SDK's own clients on a built distribution: over stdio ({@code bin/switchboard serve} started by the
 * SDK's stdio transport) and over streamable HTTP (a {@link HttpServe}, with its owner token). Each method returns
 * a client that is built, not yet initialized; {@code customize} adds handlers (resource changes, sampling) to the
 * SDK's builder. Stateless.
 *
 * <pre>{@code
 * StringBuffer stderr = new StringBuffer();
 * try (McpSyncClient client = McpClients.stdio(installation, Map.of(), "my-test", stderr, b -> b)) {
 *     client.initialize();
 *     assertThat(client.listTools().tools()).as(stderr.toString()).isNotEmpty();
 * }
 * }</pre>
 */
public final class McpClients {

    /** The longest wait for initialization and for any one request, unless a caller gives another. */
    public static final Duration TIMEOUT = Duration.ofSeconds(20);

    private McpClients() {}

    /**
     * @param installation what to serve
     * @param extraEnv     variables on top of the installation's, e.g. {@code SWITCHBOARD_PLUGINS__WORKSPACE__HOME}
     * @param clientName   the client's name in {@code initialize}
     * @param stderr       receives the server's stderr, line by line, for failure messages
     * @param customize    adds to the SDK's client builder; {@code b -> b} for nothing
     * @return the client, not initialized; closing it ends the server
     */
    public static McpSyncClient stdio(
            Installation installation,
            Map<String, String> extraEnv,
            String clientName,
            StringBuffer stderr,
            UnaryOperator<McpClient.SyncSpec> customize) {
        Map<String, String> env = new LinkedHashMap<>(installation.environment());
        env.putAll(extraEnv);
        ServerParameters server = ServerParameters.builder(
                        installation.launcher().toString())
                .args("serve")
                .env(env)
                .build();
        StdioClientTransport transport = new StdioClientTransport(server, mapper());
        transport.setStdErrorHandler(line -> stderr.append(line).append('\n'));
        return build(transport, clientName, TIMEOUT, customize);
    }

    /**
     * @param installation what to serve
     * @param extraEnv     variables on top of the installation's
     * @param clientName   the client's name in {@code initialize}
     * @param stderr       receives the server's stderr, line by line
     * @return the client, initialized
     */
    public static McpSyncClient stdioInitialized(
            Installation installation, Map<String, String> extraEnv, String clientName, StringBuffer stderr) {
        McpSyncClient client = stdio(installation, extraEnv, clientName, stderr, b -> b);
        client.initialize();
        return client;
    }

    /**
     * @param server     a server listening over HTTP; its owner token is sent as {@code Authorization: Bearer}
     * @param clientName the client's name in {@code initialize}
     * @param sessions   receives every {@code Mcp-Session-Id} the client sends
     * @param timeout    the longest wait for initialization and for any one request
     * @param customize  adds to the SDK's client builder; {@code b -> b} for nothing
     * @return the client, not initialized
     */
    public static McpSyncClient http(
            HttpServe server,
            String clientName,
            Set<String> sessions,
            Duration timeout,
            UnaryOperator<McpClient.SyncSpec> customize) {
        return http(server, server.token(), clientName, sessions, timeout, customize);
    }

    /**
     * @param server     a server listening over HTTP
     * @param token      the bearer token to send (a hosted channel's role token, say), as {@code Authorization: Bearer}
     * @param clientName the client's name in {@code initialize}
     * @param sessions   receives every {@code Mcp-Session-Id} the client sends
     * @param timeout    the longest wait for initialization and for any one request
     * @param customize  adds to the SDK's client builder; {@code b -> b} for nothing
     * @return the client, not initialized
     */
    public static McpSyncClient http(
            HttpServe server,
            String token,
            String clientName,
            Set<String> sessions,
            Duration timeout,
            UnaryOperator<McpClient.SyncSpec> customize) {
        String bearer = "Bearer " + token;
        HttpClientStreamableHttpTransport transport = HttpClientStreamableHttpTransport.builder(
                        server.uri("").toString())
                .endpoint("/mcp")
                .jsonMapper(mapper())
                .httpRequestCustomizer((request, method, uri, body, context) -> {
                    request.header("Authorization", bearer);
                    request.copy()
                            .build()
                            .headers()
                            .firstValue("Mcp-Session-Id")
                            .ifPresent(sessions::add);
                })
                .build();
        return build(transport, clientName, timeout, customize);
    }

    private static McpSyncClient build(
            McpClientTransport transport,
            String clientName,
            Duration timeout,
            UnaryOperator<McpClient.SyncSpec> customize) {
        McpClient.SyncSpec spec = McpClient.sync(transport)
                .clientInfo(
                        McpSchema.Implementation.builder(clientName, "1.0.0").build())
                .requestTimeout(timeout)
                .initializationTimeout(timeout);
        return customize.apply(spec).build();
    }

    private static JacksonMcpJsonMapper mapper() {
        return new JacksonMcpJsonMapper(JsonMapper.shared());
    }
}
