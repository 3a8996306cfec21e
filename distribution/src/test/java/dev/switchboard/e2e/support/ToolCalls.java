package dev.switchboard.e2e.support;

import java.util.Map;
import java.util.concurrent.CompletableFuture;

import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;

/**
 * Tool calls through the MCP Java SDK's client, as the end-to-end tests make them: a plain call, and a call that must
 * succeed, whose failure message carries the result and the server's log. Read the results with {@link ToolResults}.
 * Stateless.
 */
public final class ToolCalls {

    private ToolCalls() {}

    /** @return the result of {@code tools/call} of {@code tool} with {@code arguments}, error or not */
    public static McpSchema.CallToolResult call(McpSyncClient client, String tool, Map<String, Object> arguments) {
        return client.callTool(
                McpSchema.CallToolRequest.builder(tool).arguments(arguments).build());
    }

    /**
     * {@link #call} on a thread of its own, for a call that must be running while the test goes on (a command to
     * abort, a wait to wake). Never on the common pool: the JDK's HTTP client, under the SDK's streamable HTTP
     * transport, completes every response on {@code ForkJoinPool}'s async common pool, which has one worker on a
     * two-core host, so a blocking call parked on that worker starves its own answer (and every other HTTP client's in
     * the JVM) until it times out.
     *
     * @return the call's result, error or not, once it answers
     */
    public static CompletableFuture<McpSchema.CallToolResult> callInBackground(
            McpSyncClient client, String tool, Map<String, Object> arguments) {
        return OwnThread.supply("tool-call-" + tool, () -> call(client, tool, arguments));
    }

    /**
     * @param log what the failure message adds after the result, such as the server's stderr; may be empty
     * @return the result of a call that must succeed
     * @throws AssertionError naming the tool, the result and the log if the result is an error
     */
    public static McpSchema.CallToolResult ok(
            McpSyncClient client, String tool, Map<String, Object> arguments, Object log) {
        McpSchema.CallToolResult result = call(client, tool, arguments);
        if (Boolean.TRUE.equals(result.isError())) {
            throw new AssertionError(tool + " " + arguments + " failed: " + result + log);
        }
        return result;
    }

    /** @return the structured content of {@link #ok} */
    public static Map<String, Object> okStructured(
            McpSyncClient client, String tool, Map<String, Object> arguments, Object log) {
        return ToolResults.structured(ok(client, tool, arguments, log));
    }

    /** @return {@code server_info}'s structured content, which must succeed */
    public static Map<String, Object> serverInfo(McpSyncClient client) {
        return okStructured(client, "server_info", Map.of(), "");
    }
}
