package dev.switchboard.plugin.transport.http;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;

/**
 * Turns a request body into one JSON-RPC message or a batch, or into the error it deserves: nesting deeper than the
 * limit and malformed JSON get a parse error, anything that is not a JSON-RPC 2.0 message an invalid-request error.
 * Thread-safe.
 */
final class JsonRpcDecoder {

    /** What a body turned out to be. */
    sealed interface Decoded permits Single, Batch, Invalid {
    }

    /** One message. */
    record Single(McpSchema.JSONRPCMessage message) implements Decoded {
    }

    /** A JSON array of messages, at least one. */
    record Batch(List<McpSchema.JSONRPCMessage> messages) implements Decoded {
    }

    /**
     * A body to refuse.
     *
     * @param id      the request's id when it could be read, else null
     * @param code    the JSON-RPC error code
     * @param message what is wrong
     */
    record Invalid(Object id, int code, String message) implements Decoded {
    }

    private final McpJsonMapper mapper;
    private final int maxDepth;

    JsonRpcDecoder(McpJsonMapper mapper, int maxDepth) {
        this.mapper = mapper;
        this.maxDepth = maxDepth;
    }

    Decoded decode(byte[] body) {
        if (JsonDepth.exceeds(body, maxDepth)) {
            return new Invalid(null, Replies.PARSE_ERROR, "Parse error: JSON nested deeper than " + maxDepth
                    + " levels");
        }
        Object tree;
        try {
            tree = mapper.readValue(body, Object.class);
        } catch (IOException | RuntimeException e) {
            return new Invalid(null, Replies.PARSE_ERROR, "Parse error: the body is not valid JSON");
        }
        if (tree instanceof Map<?, ?> map) {
            return message(map);
        }
        if (tree instanceof List<?> list && !list.isEmpty()) {
            List<McpSchema.JSONRPCMessage> messages = new ArrayList<>();
            for (Object element : list) {
                if (!(element instanceof Map<?, ?> map) || !(message(map) instanceof Single single)) {
                    return new Invalid(null, Replies.INVALID_REQUEST, "Invalid Request: a batch element is not a"
                            + " JSON-RPC message");
                }
                messages.add(single.message());
            }
            return new Batch(List.copyOf(messages));
        }
        return new Invalid(null, Replies.INVALID_REQUEST, "Invalid Request: expected a JSON-RPC message object");
    }

    private Decoded message(Map<?, ?> map) {
        Object id = map.get("id");
        boolean validId = id instanceof String || id instanceof Integer || id instanceof Long;
        Object echoedId = validId ? id : null;
        if (!"2.0".equals(map.get("jsonrpc"))) {
            return new Invalid(echoedId, Replies.INVALID_REQUEST, "Invalid Request: \"jsonrpc\" must be \"2.0\"");
        }
        boolean hasMethod = map.get("method") instanceof String;
        try {
            if (hasMethod && map.containsKey("id")) {
                return validId ? new Single(mapper.convertValue(map, McpSchema.JSONRPCRequest.class))
                        : new Invalid(null, Replies.INVALID_REQUEST, "Invalid Request: \"id\" must be a string or"
                                + " an integer");
            }
            if (hasMethod) {
                return new Single(mapper.convertValue(map, McpSchema.JSONRPCNotification.class));
            }
            if (validId && (map.containsKey("result") || map.containsKey("error"))) {
                return new Single(mapper.convertValue(map, McpSchema.JSONRPCResponse.class));
            }
        } catch (IllegalArgumentException e) {
            return new Invalid(echoedId, Replies.INVALID_REQUEST, "Invalid Request: the message does not have the"
                    + " shape of a JSON-RPC 2.0 request, notification or response");
        }
        return new Invalid(echoedId, Replies.INVALID_REQUEST, "Invalid Request: not a request, notification or"
                + " response");
    }
}
