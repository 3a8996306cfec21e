package dev.switchboard.e2e.support;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;

import dev.switchboard.testkit.distribution.Installation;
import dev.switchboard.testkit.distribution.McpClients;

/**
 * A {@link ToolSession} of the MCP Java SDK's client with {@code bin/switchboard serve} over stdio (the testkit's
 * {@link McpClients}). A call waited for asynchronously runs on the common pool. Thread-safe.
 */
public final class JavaSdkSession implements ToolSession {

    private final McpSyncClient client;
    private final StringBuffer stderr;

    private JavaSdkSession(McpSyncClient client, StringBuffer stderr) {
        this.client = client;
        this.stderr = stderr;
    }

    /**
     * Starts the server and initializes the session.
     *
     * @param installation what to serve
     * @param extraEnv     variables on top of the installation's, such as the session's role
     * @param clientName   the client's name in {@code initialize}
     * @return the session, initialized
     */
    public static JavaSdkSession start(Installation installation, Map<String, String> extraEnv, String clientName) {
        StringBuffer stderr = new StringBuffer();
        return new JavaSdkSession(McpClients.stdioInitialized(installation, extraEnv, clientName, stderr), stderr);
    }

    @Override
    public CompletableFuture<Answer> callAsync(String tool, Map<String, Object> arguments) {
        return OwnThread.supply("java-sdk-call-" + tool, () -> {
            McpSchema.CallToolResult result = ToolCalls.call(client, tool, arguments);
            return new Answer(Boolean.TRUE.equals(result.isError()), ToolResults.structured(result));
        });
    }

    @Override
    public List<String> toolNames() {
        return client.listTools().tools().stream().map(McpSchema.Tool::name).toList();
    }

    @Override
    public String log() {
        return "\n--- server stderr (Java SDK session) ---\n" + stderr;
    }

    @Override
    public void close() {
        client.closeGracefully();
    }
}
