package dev.switchboard.ports.tool;

/**
 * Runs tool calls for transports: finds the tool, validates the arguments against its input schema, runs the handler
 * and maps whatever happens to a {@link ToolResult}. Implemented by the kernel. Thread-safe; blocking (call it from a
 * virtual thread or a worker pool).
 */
public interface ToolInvoker {

    /**
     * @param call the call; its arguments are not yet validated
     * @return the outcome; schema violations come back as {@link ErrorCode#INVALID_ARGUMENTS} naming the field, and
     *         handler defects as {@link ErrorCode#INTERNAL_ERROR} with the correlation id
     * @throws UnknownToolException if no listed tool has that name (a protocol error: JSON-RPC -32602)
     */
    ToolResult invoke(ToolCall call);
}
