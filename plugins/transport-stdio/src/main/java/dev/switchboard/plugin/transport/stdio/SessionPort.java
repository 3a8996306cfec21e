package dev.switchboard.plugin.transport.stdio;

import java.util.List;
import java.util.Map;

import io.modelcontextprotocol.spec.McpSchema;

/** What the {@link InboundRouter} can do with a message. Implemented by {@link StdioSession}. */
interface SessionPort {

    /** Hands a message to the SDK session on the calling thread; returns once its synchronous part has run. */
    void deliver(McpSchema.JSONRPCMessage message);

    /**
     * Hands a request to the SDK session, tracked as in flight until its answer is written; refused with -32600 while
     * another request with the same id is in flight.
     */
    void dispatch(McpSchema.JSONRPCRequest request);

    /**
     * Runs a batch's messages (protocol 2025-03-26 and earlier): notifications are delivered, requests dispatched, and
     * their answers written together as one JSON array. Refused whole with -32600 when an id repeats or is in flight.
     */
    void batch(List<McpSchema.JSONRPCMessage> messages);

    /**
     * Answers a request of the modern era (MCP 2026-07-28) statelessly, as the session's caller, with one line
     * carrying its id; refused with -32600 while another request with the same id is in flight.
     */
    void modern(McpSchema.JSONRPCRequest request);

    /** Writes an answer the transport gives itself. */
    void reply(Map<String, Object> answer);

    /** Raises the cancellation signal of the running call with that JSON-RPC id. */
    void cancel(Object requestId);
}
