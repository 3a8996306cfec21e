package dev.switchboard.plugin.transport.http;

import java.util.List;
import java.util.Optional;

/**
 * The {@code MCP-Protocol-Version} header rules: a missing header means {@code 2025-03-26} (the version before the
 * header existed); a value the server does not speak is refused with 400. What a session may send (batches) follows
 * the version it negotiated, not the header ({@link dev.switchboard.bridge.mcp.transport.ProtocolRules}). Immutable
 * and thread-safe.
 */
final class ProtocolVersions {

    static final String ASSUMED_WHEN_MISSING = "2025-03-26";

    private final List<String> supported;

    /** @param supported the versions the server accepts, as {@code YYYY-MM-DD} */
    ProtocolVersions(List<String> supported) {
        this.supported = List.copyOf(supported);
    }

    /**
     * @param header the header's value, or null when absent
     * @return the version the request speaks, or empty when the header names one the server does not support
     */
    Optional<String> of(String header) {
        if (header == null) {
            return Optional.of(ASSUMED_WHEN_MISSING);
        }
        String version = header.strip();
        return supported.contains(version) ? Optional.of(version) : Optional.empty();
    }

    /** @return the refusal for an unsupported header value */
    String unsupported(String header) {
        return "Bad Request: unsupported MCP-Protocol-Version '" + header + "'; this server speaks " + supported;
    }
}
