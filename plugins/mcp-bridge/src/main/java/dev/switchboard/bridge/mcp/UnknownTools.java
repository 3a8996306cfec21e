package dev.switchboard.bridge.mcp;

import java.util.HashMap;
import java.util.Map;

import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;

/**
 * How a {@code tools/call} naming a tool this server does not serve still reaches the kernel's invoker, so that its
 * tool-call observers see it (the metrics plugin counts it under {@code _unknown}): the MCP SDK dispatches only
 * registered names, so {@link ServerJsonMapper} renames such a request to the hidden tool {@link #ROUTE} (registered
 * behind the tools/list filter, as failed plugins' tools are), carrying the name the client sent in {@code _meta}
 * under {@link #REQUESTED}; {@link ToolCallHandler} restores it and invokes the kernel, whose refusal becomes JSON-RPC
 * -32602 naming the tool ({@link #error}). The route's name passes the SDK's name check but not
 * {@link dev.switchboard.ports.tool.ToolDescriptor#NAME_PATTERN} (an upper-case letter, a dot, a hyphen), so no tool
 * can have it. Stateless.
 */
final class UnknownTools {

    /** The hidden tool every unserved name is routed to. */
    static final String ROUTE = "Switchboard.unknown-tool";
    /** The {@code _meta} key under which the routed request carries the name the client sent. */
    static final String REQUESTED = "dev.switchboard/requested-tool";

    /** Longest tool name quoted back in an error; a longer one is cut. */
    private static final int QUOTED_NAME_LIMIT = 128;

    private UnknownTools() {}

    /**
     * @param request a call naming a tool this server does not serve
     * @return the same call routed to {@link #ROUTE}, the client's name in {@code _meta} (whatever it sent there under
     *     that key is replaced)
     */
    static McpSchema.CallToolRequest route(McpSchema.CallToolRequest request) {
        Map<String, Object> meta = request.meta() == null ? new HashMap<>() : new HashMap<>(request.meta());
        meta.put(REQUESTED, request.name() == null ? "" : request.name());
        return new McpSchema.CallToolRequest(ROUTE, request.arguments(), meta);
    }

    /**
     * @param request a call the SDK dispatched
     * @return the name the client sent: the routed one's original, or the request's own
     */
    static String requestedName(McpSchema.CallToolRequest request) {
        if (ROUTE.equals(request.name())
                && request.meta() != null
                && request.meta().get(REQUESTED) instanceof String name) {
            return name;
        }
        return request.name();
    }

    /**
     * @param request a call the SDK dispatched
     * @return its {@code _meta} without the routing key
     */
    static Map<String, Object> clientMeta(McpSchema.CallToolRequest request) {
        if (request.meta() == null) {
            return Map.of();
        }
        if (!ROUTE.equals(request.name())) {
            return request.meta();
        }
        Map<String, Object> meta = new HashMap<>(request.meta());
        meta.remove(REQUESTED);
        return meta;
    }

    /** @return JSON-RPC -32602 naming the tool (cut to 128 characters), with {@code data.tool} */
    static McpError error(String name) {
        String quoted = name.length() > QUOTED_NAME_LIMIT ? name.substring(0, QUOTED_NAME_LIMIT) + "..." : name;
        return McpError.builder(McpSchema.ErrorCodes.INVALID_PARAMS)
                .message("Unknown tool: '" + quoted + "'; tools/list names the tools this server serves")
                .data(Map.of("tool", quoted))
                .build();
    }
}
