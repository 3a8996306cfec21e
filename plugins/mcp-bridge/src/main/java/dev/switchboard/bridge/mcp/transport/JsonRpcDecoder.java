package dev.switchboard.bridge.mcp.transport;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.databind.json.JsonMapper;

import dev.switchboard.bridge.mcp.McpServerAssembly;

/**
 * Turns the bytes of one transport message (an HTTP body, a stdio line) into one JSON-RPC message, a batch, or the
 * error it deserves, the same way on every transport:
 * <ul>
 * <li>-32700 parse error: bytes that are not valid UTF-8 (never silently replaced), malformed JSON, an object with a
 * duplicate key (which one would win is not defined, and a smuggled second {@code method} must not run), nesting
 * deeper than the limit (checked on the raw bytes before parsing);</li>
 * <li>-32600 invalid request: valid JSON that is not a JSON-RPC 2.0 request, notification or response
 * ({@code jsonrpc} other than {@code "2.0"}, an {@code id} that is not a string or an integer, no {@code method}),
 * an empty array, a batch with more than the limit of messages or with an element that is not a message.</li>
 * </ul>
 * Whether batches are allowed at all depends on the session's protocol version, which the transport knows. The id an
 * error of the transport carries, for these and its other refusals, is {@link RefusalIds}' rule. The decoder never
 * throws for what a client sends. Immutable and thread-safe.
 */
public final class JsonRpcDecoder {

    /** What a message turned out to be. */
    public sealed interface Decoded permits Single, Batch, Invalid {}

    /** One well-formed request, notification or response. */
    public record Single(McpSchema.JSONRPCMessage message) implements Decoded {}

    /** A JSON array of well-formed messages: at least one, at most the decoder's limit. */
    public record Batch(List<McpSchema.JSONRPCMessage> messages) implements Decoded {
        /** Copies the list. */
        public Batch {
            messages = List.copyOf(messages);
        }
    }

    /**
     * A message to refuse.
     *
     * @param id       the request's id when it could be read (a string, {@code Integer} or {@code Long}), else null
     * @param code     {@link JsonRpcErrors#PARSE_ERROR} or {@link JsonRpcErrors#INVALID_REQUEST}
     * @param message  what is wrong, for the client
     * @param response true when it has the shape of a response ({@code result} or {@code error}, no
     *                 {@code method}): answered with {@link #refusal()}, never {@link #reply()}
     */
    public record Invalid(Object id, int code, String message, boolean response) implements Decoded {
        /**
         * @return the error answer, {@code {"jsonrpc":"2.0","id":..,"error":{..}}}, with the id {@link RefusalIds}
         *     gives (null for a response)
         */
        public Map<String, Object> reply() {
            return JsonRpcErrors.error(RefusalIds.of(this), code, message);
        }

        /**
         * The one rule of every transport for a malformed response (a client's message with an id and neither a
         * valid {@code result} nor a valid {@code error}): it is never processed, and it is answered as JSON-RPC
         * answers an invalid message whose id it cannot trust: -32600 with {@code "id": null}. Never with its id,
         * which the client would take for the answer to its own request of that id. Over stdio that is one line;
         * over HTTP the body of the POST's 400.
         *
         * @return {@code {"jsonrpc":"2.0","id":null,"error":{"code":-32600,..}}}
         */
        public Map<String, Object> refusal() {
            return JsonRpcErrors.error(null, code, message);
        }
    }

    private static final String NOT_A_MESSAGE = "Invalid Request: needs \"jsonrpc\": \"2.0\", a string \"method\""
            + " and an \"id\" that is a string or an integer";
    private static final String ID_PAST_64_BITS = "Invalid Request: an integer \"id\" must fit in 64 bits, from"
            + " -9223372036854775808 to 9223372036854775807 (a larger one can be sent as a string)";
    private static final JsonMapper STRICT = JsonMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .build();

    private final McpJsonMapper mapper;
    private final int maxDepth;
    private final int maxBatch;

    /**
     * @param maxDepth deepest nesting of objects and arrays accepted, at least 1
     * @param maxBatch most messages accepted in one batch, at least 1
     */
    public JsonRpcDecoder(int maxDepth, int maxBatch) {
        if (maxDepth < 1 || maxBatch < 1) {
            throw new IllegalArgumentException("maxDepth and maxBatch must be at least 1");
        }
        this.mapper = McpServerAssembly.jsonMapper();
        this.maxDepth = maxDepth;
        this.maxBatch = maxBatch;
    }

    /** @return the limit on messages per batch */
    public int maxBatch() {
        return maxBatch;
    }

    /** @param bytes the whole message, UTF-8 */
    public Decoded decode(byte[] bytes) {
        if (!Utf8.isValid(bytes)) {
            return invalid(null, JsonRpcErrors.PARSE_ERROR, "Parse error: the message is not valid UTF-8");
        }
        if (JsonDepth.exceeds(bytes, maxDepth)) {
            return invalid(
                    null, JsonRpcErrors.PARSE_ERROR, "Parse error: JSON nested deeper than " + maxDepth + " levels");
        }
        Object tree;
        try {
            tree = STRICT.readValue(bytes, Object.class);
        } catch (JacksonException | IllegalArgumentException e) {
            return invalid(
                    null,
                    JsonRpcErrors.PARSE_ERROR,
                    e.getMessage() != null && e.getMessage().startsWith("Duplicate ")
                            ? "Parse error: an object has a duplicate key"
                            : "Parse error: the message is not valid JSON");
        }
        if (tree instanceof Map<?, ?> map) {
            return message(map);
        }
        if (tree instanceof List<?> list && !list.isEmpty()) {
            return batch(list);
        }
        return invalid(
                null,
                JsonRpcErrors.INVALID_REQUEST,
                tree instanceof List<?>
                        ? "Invalid Request: an empty batch"
                        : "Invalid Request: expected a JSON-RPC message object");
    }

    private Decoded batch(List<?> list) {
        if (list.size() > maxBatch) {
            return invalid(
                    null,
                    JsonRpcErrors.INVALID_REQUEST,
                    "Invalid Request: a batch carries at most " + maxBatch + " messages; this one has " + list.size());
        }
        List<McpSchema.JSONRPCMessage> messages = new ArrayList<>(list.size());
        for (Object element : list) {
            if (!(element instanceof Map<?, ?> map) || !(message(map) instanceof Single single)) {
                return invalid(
                        null,
                        JsonRpcErrors.INVALID_REQUEST,
                        "Invalid Request: a batch element is not a" + " JSON-RPC message");
            }
            messages.add(single.message());
        }
        return new Batch(messages);
    }

    private Decoded message(Map<?, ?> map) {
        Object id = map.get("id");
        Object usableId = id instanceof String || id instanceof Integer || id instanceof Long ? id : null;
        boolean hasMethod = map.get("method") instanceof String;
        boolean response = !hasMethod && (map.containsKey("result") || map.containsKey("error"));
        if (!"2.0".equals(map.get("jsonrpc"))) {
            return new Invalid(usableId, JsonRpcErrors.INVALID_REQUEST, NOT_A_MESSAGE, response);
        }
        if (hasMethod && map.containsKey("id")) {
            return usableId == null
                    ? new Invalid(
                            null,
                            JsonRpcErrors.INVALID_REQUEST,
                            id instanceof BigInteger ? ID_PAST_64_BITS : NOT_A_MESSAGE,
                            false)
                    : new Single(new McpSchema.JSONRPCRequest(
                            "2.0", (String) map.get("method"), usableId, map.get("params")));
        }
        if (hasMethod) {
            return new Single(new McpSchema.JSONRPCNotification("2.0", (String) map.get("method"), map.get("params")));
        }
        if (response) {
            return response(map, usableId);
        }
        return new Invalid(usableId, JsonRpcErrors.INVALID_REQUEST, "Invalid Request: no \"method\"", false);
    }

    private Decoded response(Map<?, ?> map, Object usableId) {
        boolean oneOf = map.containsKey("result") != map.containsKey("error");
        if (usableId != null && oneOf) {
            try {
                return new Single(mapper.convertValue(map, McpSchema.JSONRPCResponse.class));
            } catch (RuntimeException e) {
                // a malformed error object: refused below
            }
        }
        return new Invalid(
                usableId,
                JsonRpcErrors.INVALID_REQUEST,
                "Invalid Request: a response needs a string or"
                        + " integer \"id\" and exactly one of \"result\" and an \"error\" object {code, message}",
                true);
    }

    private static Invalid invalid(Object id, int code, String message) {
        return new Invalid(id, code, message, false);
    }
}
