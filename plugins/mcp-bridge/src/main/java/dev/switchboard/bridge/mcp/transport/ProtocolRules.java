package dev.switchboard.bridge.mcp.transport;

/**
 * What depends on the MCP protocol version a session negotiated in {@code initialize}, the same on every transport.
 * Versions are dates, {@code YYYY-MM-DD}, and compare as text.
 */
public final class ProtocolRules {

    private static final String FIRST_WITHOUT_BATCHES = "2025-06-18";

    private ProtocolRules() {
    }

    /**
     * JSON-RPC batches are part of MCP up to {@code 2025-03-26} and were removed in {@code 2025-06-18}.
     *
     * @param negotiated the session's version, or null before one was negotiated
     * @return whether a session of that version may send batches
     */
    public static boolean allowsBatches(String negotiated) {
        return negotiated != null && negotiated.compareTo(FIRST_WITHOUT_BATCHES) < 0;
    }
}
