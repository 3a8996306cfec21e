package dev.switchboard.bridge.mcp;

import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

import io.modelcontextprotocol.common.McpTransportContext;

/**
 * Builds the per-request {@link McpTransportContext} a transport attaches to each inbound request (through Reactor's
 * context under {@link McpTransportContext#KEY}), so that handlers know the JSON-RPC id of the request they serve.
 * The id is what {@code notifications/cancelled} names, and {@link McpServerHandle#cancelRequest(String, Object)}
 * uses it to find the call to cancel.
 */
public final class RequestContexts {

    /** The key under which the JSON-RPC request id is stored: a {@code String}, {@code Integer} or {@code Long}. */
    public static final String REQUEST_ID = "switchboard.jsonrpc.id";

    private RequestContexts() {}

    /**
     * @param requestId the JSON-RPC id of the request, not null
     * @return a transport context carrying only the id
     */
    public static McpTransportContext forRequest(Object requestId) {
        return forRequest(requestId, Map.of());
    }

    /**
     * @param requestId  the JSON-RPC id of the request, not null
     * @param attributes further facts for the {@link PrincipalResolver} (such as an authenticated token's id)
     * @return a transport context carrying the id and the attributes
     */
    public static McpTransportContext forRequest(Object requestId, Map<String, Object> attributes) {
        Objects.requireNonNull(requestId, "requestId");
        Map<String, Object> metadata = new HashMap<>(attributes);
        metadata.put(REQUEST_ID, requestId);
        return McpTransportContext.create(metadata);
    }
}
