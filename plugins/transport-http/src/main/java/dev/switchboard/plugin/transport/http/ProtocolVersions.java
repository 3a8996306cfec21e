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
    private final List<String> spoken;

    /**
     * @param supported the versions a legacy request's header may name, as {@code YYYY-MM-DD}
     * @param spoken    every version the server speaks, in either era, newest first
     *     ({@code McpServerAssembly.supportedVersions}): what a refusal names, so that a client is never told to
     *     downgrade from a version the server speaks
     */
    ProtocolVersions(List<String> supported, List<String> spoken) {
        this.supported = List.copyOf(supported);
        this.spoken = List.copyOf(spoken);
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
        return "Bad Request: unsupported MCP-Protocol-Version '" + header + "'; this server speaks " + spoken;
    }
}
