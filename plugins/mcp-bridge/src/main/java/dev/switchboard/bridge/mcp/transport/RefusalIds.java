package dev.switchboard.bridge.mcp.transport;

import io.modelcontextprotocol.spec.McpSchema;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * The one rule of every transport for the {@code id} of an error the transport answers itself, instead of the SDK (a
 * malformed or wrongly shaped message, a message too large, a refused header, an unknown session, a shutdown): the
 * id of the request the message is, whenever it can be read, so that the client can match the error to its request
 * (JSON-RPC 2.0 section 5); {@code null} when it cannot:
 * <ul>
 * <li>bytes that are not JSON, not UTF-8, nested too deep, or carry a duplicate key (which id would win is not
 * defined): {@code null};</li>
 * <li>a batch: {@code null} (an error refusing a batch whole names no one of its requests);</li>
 * <li>a notification: {@code null} (it has no id);</li>
 * <li>a response, well-formed or not: {@code null}, never its id, which the client would take for the answer to its
 * own request of that id (see {@link JsonRpcDecoder.Invalid#refusal()});</li>
 * <li>an object with a string or integer {@code id} and a {@code method} (or, malformed, with no {@code result} and
 * no {@code error}): that id, as a string, {@code Integer} or {@code Long};</li>
 * <li>a message too large to read whole: the id found in its first {@link #PREFIX_BYTES}, when that start shows a
 * request ({@link #ofPrefix}).</li>
 * </ul>
 * Stateless and thread-safe.
 */
public final class RefusalIds {

    /** The most bytes of a message's start that {@link #ofPrefix} looks at. */
    public static final int PREFIX_BYTES = 4096;

    private static final JsonMapper STRICT = JsonMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .build();

    private RefusalIds() {}

    /**
     * @param decoded what the transport's {@link JsonRpcDecoder} made of the whole message
     * @return the id to answer a refusal of that message with, or null
     */
    public static Object of(JsonRpcDecoder.Decoded decoded) {
        return switch (decoded) {
            case JsonRpcDecoder.Single(McpSchema.JSONRPCRequest request) -> request.id();
            case JsonRpcDecoder.Single single -> null;
            case JsonRpcDecoder.Batch batch -> null;
            case JsonRpcDecoder.Invalid invalid -> invalid.response() ? null : invalid.id();
        };
    }

    /**
     * The id of a message too large to read whole, from its start: the top-level {@code id} (a string or an integer)
     * when the start also shows a request, a string {@code method} or a {@code params} member, and no {@code result}
     * or {@code error}. Reads at most {@link #PREFIX_BYTES}; stops at the first nested value it cannot skip within
     * them.
     *
     * @param prefix the first bytes of the message (any length; the rest is ignored)
     * @return the id (a string or a {@code Long}), or null when it is not in the prefix, not usable, or the start does
     *     not show a request
     */
    public static Object ofPrefix(byte[] prefix) {
        int length = Math.min(prefix.length, PREFIX_BYTES);
        Object id = null;
        boolean request = false;
        boolean response = false;
        try (JsonParser parser = STRICT.createParser(prefix, 0, length)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                return null;
            }
            for (JsonToken token = parser.nextToken(); token == JsonToken.PROPERTY_NAME; token = parser.nextToken()) {
                String name = parser.currentName();
                JsonToken value = parser.nextToken();
                switch (name) {
                    case "id" -> id = idValue(parser, value);
                    case "method" -> request |= value == JsonToken.VALUE_STRING;
                    case "params" -> request = true;
                    case "result", "error" -> response = true;
                    default -> {
                        // another member: skipped
                    }
                }
                parser.skipChildren();
            }
        } catch (JacksonException e) {
            if (e.getMessage() != null && e.getMessage().startsWith("Duplicate ")) {
                return null; // which id would win is not defined
            }
            // the prefix ends inside a value, or is not JSON: what was read so far decides
        }
        return request && !response ? id : null;
    }

    private static Object idValue(JsonParser parser, JsonToken value) {
        return switch (value) {
            case VALUE_STRING -> parser.getString();
            case VALUE_NUMBER_INT ->
                parser.getNumberType() == JsonParser.NumberType.BIG_INTEGER ? null : (Object) parser.getLongValue();
            default -> null;
        };
    }
}
