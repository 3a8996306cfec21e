package dev.switchboard.plugin.transport.stdio;

import java.util.Map;

import io.modelcontextprotocol.spec.McpSchema;

/** What the {@link InboundRouter} can do with a message. Implemented by {@link StdioSession}. */
interface SessionPort {

    /** Hands a message to the SDK session on the calling thread; returns once its synchronous part has run. */
    void deliver(McpSchema.JSONRPCMessage message);

    /** Hands a request to the SDK session, tracked as in flight until its answer is written. */
    void dispatch(McpSchema.JSONRPCRequest request);

    /** Writes an answer the transport gives itself. */
    void reply(Map<String, Object> answer);

    /** Raises the cancellation signal of the running call with that JSON-RPC id. */
    void cancel(Object requestId);
}
