package dev.switchboard.plugin.transport.stdio;

import java.io.IOException;
import java.util.List;
import java.util.Map;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;

/** Turns one input line into a JSON-RPC message, or into the error answer it deserves. Thread-safe. */
final class JsonRpcDecoder {

    /** What a line turned out to be. */
    sealed interface Inbound permits Message, Rejected, Ignored {
    }

    /** A well-formed request, notification or response. */
    record Message(McpSchema.JSONRPCMessage message) implements Inbound {
    }

    /** A line that gets an error answer. */
    record Rejected(Map<String, Object> reply) implements Inbound {
    }

    /** A malformed response: JSON-RPC forbids answering it, so it is only logged. */
    record Ignored(String reason) implements Inbound {
    }

    private static final String INVALID_REQUEST_MESSAGE = "Invalid Request: needs \"jsonrpc\": \"2.0\", a string"
            + " \"method\" and an \"id\" that is a string or an integer";

    private final McpJsonMapper mapper;

    JsonRpcDecoder(McpJsonMapper mapper) {
        this.mapper = mapper;
    }

    Inbound decode(String line) {
        Object tree;
        try {
            tree = mapper.readValue(line, Object.class);
        } catch (IOException e) {
            return reject(null, JsonRpcReplies.PARSE_ERROR, "Parse error: the line is not valid JSON");
        }
        if (!(tree instanceof Map<?, ?> map)) {
            return reject(null, JsonRpcReplies.INVALID_REQUEST, tree instanceof List<?>
                    ? "Invalid Request: expected one JSON-RPC object per line (batches are not supported)"
                    : "Invalid Request: expected one JSON-RPC object per line");
        }
        Object id = map.get("id");
        boolean hasMethod = map.get("method") instanceof String;
        boolean isResponse = map.containsKey("result") || map.containsKey("error");
        if (!JsonRpcReplies.VERSION.equals(map.get("jsonrpc"))) {
            return isResponse && !hasMethod ? new Ignored("a response without \"jsonrpc\": \"2.0\"")
                    : reject(usableId(id), JsonRpcReplies.INVALID_REQUEST, INVALID_REQUEST_MESSAGE);
        }
        try {
            // Built directly when "jsonrpc" is a string (the records check the rest), which saves converting the
            // parsed tree once more; other shapes go through the mapper, which coerces or refuses them.
            if (hasMethod && map.containsKey("id")) {
                return new Message(map.get("jsonrpc") instanceof String version
                        ? new McpSchema.JSONRPCRequest(version, (String) map.get("method"), id, map.get("params"))
                        : mapper.convertValue(map, McpSchema.JSONRPCRequest.class));
            }
            if (hasMethod) {
                return new Message(map.get("jsonrpc") instanceof String version
                        ? new McpSchema.JSONRPCNotification(version, (String) map.get("method"), map.get("params"))
                        : mapper.convertValue(map, McpSchema.JSONRPCNotification.class));
            }
            if (isResponse) {
                return new Message(mapper.convertValue(map, McpSchema.JSONRPCResponse.class));
            }
        } catch (RuntimeException e) {
            // the mapper refuses a wrong shape (Jackson's IllegalArgumentException, or the bridge's McpError)
            return isResponse && !hasMethod ? new Ignored("malformed response: " + e.getMessage())
                    : reject(usableId(id), JsonRpcReplies.INVALID_REQUEST, INVALID_REQUEST_MESSAGE);
        }
        return reject(usableId(id), JsonRpcReplies.INVALID_REQUEST, "Invalid Request: no \"method\"");
    }

    private static Rejected reject(Object id, int code, String message) {
        return new Rejected(JsonRpcReplies.error(id, code, message));
    }

    /** An id the reply may echo: a string or an integer, else null. */
    private static Object usableId(Object id) {
        return id instanceof String || id instanceof Integer || id instanceof Long ? id : null;
    }
}
