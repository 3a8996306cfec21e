package dev.switchboard.bridge.mcp;

import java.util.Map;
import java.util.Optional;
import java.util.Set;

import io.modelcontextprotocol.spec.McpSchema;

import dev.switchboard.bridge.mcp.transport.JsonRpcErrors;

/**
 * The shape of a request's {@code params} as the MCP schema gives it, checked before the SDK sees the request: the
 * SDK 2.2 server ignores the params of the list methods and {@code ping} (so {@code tools/list} with {@code "x"} was
 * answered as if it were {@code {}}) and looks up a {@code resources/read} without a {@code uri} as a URI not found
 * (-32002). What is refused here is answered -32602 "Invalid params" naming what is wrong, on every transport:
 * <ul>
 * <li>{@code params} that is present and not an object;</li>
 * <li>{@code _meta} that is not an object, or a {@code _meta.progressToken} that is neither a string nor an integer;</li>
 * <li>the list methods' {@code cursor} that is not a string, or any string: every list is answered whole, in one page
 * with no {@code nextCursor}, so no cursor is one this server gave ("invalid cursor", in both eras; the SDK 2.2's legacy
 * server ignored it and answered the whole list, its modern one hands it to the lists, which would do the same);</li>
 * <li>{@code resources/read}, {@code resources/subscribe}, {@code resources/unsubscribe} without a string
 * {@code uri}; {@code tools/call} and {@code prompts/get} without a string {@code name}, or with {@code arguments}
 * that is not an object; {@code completion/complete} without a {@code ref} object with a string {@code type} or an
 * {@code argument} object with string {@code name} and {@code value}.</li>
 * </ul>
 * A JSON {@code null} counts as absent wherever an optional value may be absent ({@code params}, {@code _meta}, a
 * progress token, a cursor, {@code arguments}), as some clients write one for "none". Everything else (other fields,
 * their values, other methods) is left to the SDK and the handlers. Stateless.
 */
final class RequestParams {

    private static final Set<String> LISTS = Set.of(
            McpSchema.METHOD_TOOLS_LIST,
            McpSchema.METHOD_RESOURCES_LIST,
            McpSchema.METHOD_RESOURCES_TEMPLATES_LIST,
            McpSchema.METHOD_PROMPT_LIST);
    private static final Set<String> BY_URI = Set.of(
            McpSchema.METHOD_RESOURCES_READ,
            McpSchema.METHOD_RESOURCES_SUBSCRIBE,
            McpSchema.METHOD_RESOURCES_UNSUBSCRIBE);
    private static final Set<String> BY_NAME = Set.of(McpSchema.METHOD_TOOLS_CALL, McpSchema.METHOD_PROMPT_GET);

    /** The problem of a cursor this server never gave (it lists everything in one page). */
    static final String INVALID_CURSOR = "invalid cursor: this server answers every list in one page and gives no"
            + " nextCursor; list again without a cursor";

    private RequestParams() {}

    /**
     * @param request a client's request
     * @return the -32602 answer to send instead of handing it to the SDK, or empty when its params have the shape
     */
    static Optional<McpSchema.JSONRPCResponse> refusal(McpSchema.JSONRPCRequest request) {
        return problem(request.method(), request.params())
                .map(problem -> new McpSchema.JSONRPCResponse(
                        McpSchema.JSONRPC_VERSION,
                        request.id(),
                        null,
                        new McpSchema.JSONRPCResponse.JSONRPCError(
                                JsonRpcErrors.INVALID_PARAMS, "Invalid params: " + problem, null)));
    }

    /** @return what is wrong with {@code params} for {@code method}, or empty */
    static Optional<String> problem(String method, Object params) {
        if (params == null) {
            return required(method, Map.of());
        }
        if (!(params instanceof Map<?, ?> map)) {
            return Optional.of(method + " takes an object as its params, not " + JsonKinds.of(params));
        }
        Object meta = map.get("_meta");
        if (meta != null) {
            if (!(meta instanceof Map<?, ?> metaMap)) {
                return Optional.of("_meta must be an object, not " + JsonKinds.of(meta));
            }
            Object progressToken = metaMap.get("progressToken");
            if (progressToken != null && !isIdLike(progressToken)) {
                return Optional.of("_meta.progressToken must be a string or an integer");
            }
        }
        Object cursor = map.get("cursor");
        if (LISTS.contains(method) && cursor != null && !(cursor instanceof String)) {
            return Optional.of("cursor must be a string, not " + JsonKinds.of(cursor));
        }
        if (LISTS.contains(method) && cursor != null) {
            return Optional.of(INVALID_CURSOR);
        }
        return required(method, map);
    }

    private static Optional<String> required(String method, Map<?, ?> params) {
        if (BY_URI.contains(method) && !(params.get("uri") instanceof String)) {
            return Optional.of(method + " needs a string \"uri\"");
        }
        if (BY_NAME.contains(method)) {
            if (!(params.get("name") instanceof String)) {
                return Optional.of(method + " needs a string \"name\"");
            }
            Object arguments = params.get("arguments");
            if (arguments != null && !(arguments instanceof Map)) {
                return Optional.of("arguments must be an object, not " + JsonKinds.of(arguments));
            }
        }
        if (McpSchema.METHOD_COMPLETION_COMPLETE.equals(method)) {
            if (!(params.get("ref") instanceof Map<?, ?> ref && ref.get("type") instanceof String)) {
                return Optional.of(method + " needs a \"ref\" object with a string \"type\"");
            }
            if (!(params.get("argument") instanceof Map<?, ?> argument
                    && argument.get("name") instanceof String
                    && argument.get("value") instanceof String)) {
                return Optional.of(method + " needs an \"argument\" object with string \"name\" and \"value\"");
            }
        }
        return Optional.empty();
    }

    private static boolean isIdLike(Object value) {
        return value instanceof String || value instanceof Integer || value instanceof Long;
    }
}
