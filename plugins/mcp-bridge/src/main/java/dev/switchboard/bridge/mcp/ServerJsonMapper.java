package dev.switchboard.bridge.mcp;

import java.io.IOException;
import java.lang.reflect.Type;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;

/**
 * The server's JSON mapper: Jackson's, except that the SDK's conversion of a {@code tools/call} request's parsed
 * parameters (JDK maps, lists and scalars) into {@link McpSchema.CallToolRequest}, on every call's path, is done
 * directly when they have the usual shape (a string {@code name}, objects or nothing for {@code arguments} and
 * {@code _meta}, and no other parameter), which saves converting the tree through Jackson once more. Every other
 * conversion, including an unusual shape, goes to Jackson, which coerces or refuses as the SDK expects; a refusal, or
 * missing params where the method needs them, becomes JSON-RPC -32602 "Invalid params" without Jackson's internal
 * class names. Two checks the SDK lacks come with the conversion: a {@code tools/call} naming a tool this server does
 * not serve is routed to the kernel's invoker ({@link UnknownTools}), which answers -32602 naming the tool the client
 * sent (SDK clients show only the message) after its observers saw the call, and
 * {@code logging/setLevel} with a level MCP does not define is -32602 (the SDK would take it as null). Thread-safe.
 */
final class ServerJsonMapper implements McpJsonMapper {

    private static final Logger LOG = LoggerFactory.getLogger(ServerJsonMapper.class);

    /** Parameters the fast path maps; any other (a task request, a future field) goes through Jackson. */
    private static final Set<String> USUAL_KEYS = Set.of("name", "arguments", "_meta");
    /**
     * Requests whose params are required: the SDK's handlers read them without a null check, so a request without
     * params would end in a NullPointerException answered as -32603 with the JVM's message.
     */
    private static final Set<Type> PARAMS_REQUIRED = Set.of(
            McpSchema.CallToolRequest.class,
            McpSchema.ReadResourceRequest.class,
            McpSchema.GetPromptRequest.class,
            McpSchema.CompleteRequest.class,
            McpSchema.SubscribeRequest.class,
            McpSchema.UnsubscribeRequest.class,
            McpSchema.SetLevelRequest.class);

    /** The logging levels of MCP, lowest first (RFC 5424 severities). */
    private static final java.util.List<String> LEVELS =
            java.util.List.of("debug", "info", "notice", "warning", "error", "critical", "alert", "emergency");

    private final McpJsonMapper jackson;
    private final Set<String> tools;

    /** A mapper that converts without knowing the tools (the transports' own reads and writes). */
    ServerJsonMapper(McpJsonMapper jackson) {
        this(jackson, null);
    }

    private ServerJsonMapper(McpJsonMapper jackson, Set<String> tools) {
        this.jackson = jackson;
        this.tools = tools;
    }

    /**
     * @return a mapper for one server, which routes a {@code tools/call} of any tool not in {@code served} to
     *     {@link UnknownTools#ROUTE}
     */
    ServerJsonMapper servingTools(Set<String> served) {
        return new ServerJsonMapper(jackson, Set.copyOf(served));
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> T convertValue(Object fromValue, TypeRef<T> type) {
        requirePresent(fromValue, type.getType());
        if (type.getType() == McpSchema.CallToolRequest.class
                && fromValue instanceof Map<?, ?> params
                && USUAL_KEYS.containsAll(params.keySet())
                && params.get("name") instanceof String name
                && objectOrAbsent(params.get("arguments"))
                && objectOrAbsent(params.get("_meta"))) {
            return (T) served(new McpSchema.CallToolRequest(
                    name, (Map<String, Object>) params.get("arguments"), (Map<String, Object>) params.get("_meta")));
        }
        return checked(converting(type.getType(), () -> jackson.convertValue(fromValue, type)));
    }

    @SuppressWarnings("unchecked")
    private <T> T checked(T converted) {
        if (converted instanceof McpSchema.CallToolRequest request) {
            return (T) served(request);
        }
        return converted;
    }

    /** The SDK maps a missing or unknown level to {@code info} with a warning; MCP defines eight, nothing else. */
    private static void requireLevel(Object params) {
        if (!(params instanceof Map<?, ?> map)
                || !(map.get("level") instanceof String level)
                || !LEVELS.contains(level)) {
            throw McpError.builder(McpSchema.ErrorCodes.INVALID_PARAMS)
                    .message("Invalid params: level must be one of " + String.join(", ", LEVELS))
                    .build();
        }
    }

    private McpSchema.CallToolRequest served(McpSchema.CallToolRequest request) {
        if (tools != null && (request.name() == null || !tools.contains(request.name()))) {
            return UnknownTools.route(request);
        }
        return request;
    }

    @Override
    public <T> T convertValue(Object fromValue, Class<T> type) {
        requirePresent(fromValue, type);
        return checked(converting(type, () -> jackson.convertValue(fromValue, type)));
    }

    private static void requirePresent(Object params, Type type) {
        if (params == null && PARAMS_REQUIRED.contains(type)) {
            throw McpError.builder(McpSchema.ErrorCodes.INVALID_PARAMS)
                    .message("Invalid params: this method needs params of the shape of "
                            + ((Class<?>) type).getSimpleName() + " (see the MCP schema for this method)")
                    .build();
        }
        if (type == McpSchema.SetLevelRequest.class) {
            requireLevel(params);
        }
    }

    private static <T> T converting(Type type, Supplier<T> conversion) {
        try {
            return conversion.get();
        } catch (RuntimeException e) {
            throw invalidParams(type, e);
        }
    }

    /**
     * A conversion of a client's message into one of the SDK's records failed: the client sent the wrong shape. The
     * SDK would answer -32603 with Jackson's message, which names internal classes; this is -32602 in plain words.
     */
    private static McpError invalidParams(Type type, RuntimeException cause) {
        LOG.debug("cannot convert a client's params to {}", type, cause);
        String shape = type instanceof Class<?> c ? c.getSimpleName() : "the expected shape";
        return McpError.builder(McpSchema.ErrorCodes.INVALID_PARAMS)
                .message("Invalid params: they do not have the shape of " + shape
                        + " (see the MCP schema for this method)")
                .build();
    }

    @Override
    public <T> T readValue(String content, Class<T> type) throws IOException {
        return jackson.readValue(content, type);
    }

    @Override
    public <T> T readValue(byte[] content, Class<T> type) throws IOException {
        return jackson.readValue(content, type);
    }

    @Override
    public <T> T readValue(String content, TypeRef<T> type) throws IOException {
        return jackson.readValue(content, type);
    }

    @Override
    public <T> T readValue(byte[] content, TypeRef<T> type) throws IOException {
        return jackson.readValue(content, type);
    }

    @Override
    public String writeValueAsString(Object value) throws IOException {
        return jackson.writeValueAsString(value);
    }

    @Override
    public byte[] writeValueAsBytes(Object value) throws IOException {
        return jackson.writeValueAsBytes(value);
    }

    private static boolean objectOrAbsent(Object value) {
        return value == null || value instanceof Map;
    }
}
