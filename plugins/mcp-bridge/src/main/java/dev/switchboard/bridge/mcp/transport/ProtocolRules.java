package dev.switchboard.bridge.mcp.transport;

/**
 * What depends on the MCP protocol version a session negotiated in {@code initialize}, the same on every transport.
 * Versions are dates, {@code YYYY-MM-DD}, and compare as text.
 */
public final class ProtocolRules {

    /** Most messages in one JSON-RPC batch, on every transport; a larger batch is refused whole with -32600. */
    public static final int MAX_BATCH = 100;

    private static final String FIRST_WITHOUT_BATCHES = "2025-06-18";
    private static final String ROOTS_CHANGED = "notifications/roots/list_changed";

    private ProtocolRules() {}

    /**
     * JSON-RPC batches are part of MCP up to {@code 2025-03-26} and were removed in {@code 2025-06-18}.
     *
     * @param negotiated the session's version, or null before one was negotiated
     * @return whether a session of that version may send batches
     */
    public static boolean allowsBatches(String negotiated) {
        return negotiated != null && negotiated.compareTo(FIRST_WITHOUT_BATCHES) < 0;
    }

    /**
     * Whether a client's notification goes on to the SDK session. The server may send a request to the client only
     * for a capability the client declared: the SDK answers {@code notifications/roots/list_changed} by asking the
     * client {@code roots/list}, so that notification is dropped when the client did not declare {@code roots}.
     *
     * @param method        the notification's method
     * @param declaredRoots whether the client's {@code initialize} declared the {@code roots} capability
     */
    public static boolean forwards(String method, boolean declaredRoots) {
        return declaredRoots || !ROOTS_CHANGED.equals(method);
    }

    /**
     * @param initializeParams the params of the client's {@code initialize} request, as parsed JSON
     * @return whether they declare the {@code roots} capability
     */
    public static boolean declaresRoots(Object initializeParams) {
        return initializeParams instanceof java.util.Map<?, ?> params
                && params.get("capabilities") instanceof java.util.Map<?, ?> capabilities
                && capabilities.get("roots") instanceof java.util.Map<?, ?>;
    }
}
