package dev.switchboard.e2e.support;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.jackson3.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import tools.jackson.databind.json.JsonMapper;

/**
 * Starts {@code bin/switchboard serve} of an installation under the MCP Java SDK's own stdio client, initialized.
 * The server's stderr lines go to a buffer the caller keeps for failure messages. Stateless.
 */
public final class SdkStdio {

    /** The longest wait for initialization and for any one request. */
    public static final Duration TIMEOUT = Duration.ofSeconds(20);

    private SdkStdio() {
    }

    /**
     * @param installation what to serve
     * @param extraEnv     variables on top of the installation's, e.g. {@code SWITCHBOARD_PLUGINS__WORKSPACE__HOME}
     * @param clientName   the client's name in {@code initialize}
     * @param stderr       receives the server's stderr, line by line
     * @return the initialized client; close it to end the server
     */
    public static McpSyncClient start(Installation installation, Map<String, String> extraEnv, String clientName,
                                      StringBuffer stderr) {
        Map<String, String> env = new LinkedHashMap<>(installation.environment());
        env.putAll(extraEnv);
        ServerParameters server = ServerParameters.builder(installation.launcher().toString())
                .args("serve")
                .env(env)
                .build();
        StdioClientTransport transport = new StdioClientTransport(server,
                new JacksonMcpJsonMapper(JsonMapper.shared()));
        transport.setStdErrorHandler(line -> stderr.append(line).append('\n'));
        McpSyncClient client = McpClient.sync(transport)
                .clientInfo(McpSchema.Implementation.builder(clientName, "1.0.0").build())
                .requestTimeout(TIMEOUT)
                .initializationTimeout(TIMEOUT)
                .build();
        client.initialize();
        return client;
    }
}
