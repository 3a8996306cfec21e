package dev.switchboard.bridge.mcp.transport;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.modelcontextprotocol.spec.McpSchema;

import dev.switchboard.bridge.mcp.ModernServerHandle;

/**
 * Which MCP era a message belongs to (MCP 2026-07-28, dual-era servers): a request whose {@code params._meta} carries
 * {@code io.modelcontextprotocol/protocolVersion}, or a {@code server/discover}, is of the stateless modern era;
 * everything else ({@code initialize} first) is of the legacy (2025-11-25 and earlier) era, served in sessions as
 * before.
 * Stateless.
 */
public final class ModernEra {

    /** The modern revision this server speaks. */
    public static final String MCP_2026_07_28 = "2026-07-28";
    /** The modern versions, newest first: those of the bridge's modern server. */
    public static final List<String> VERSIONS = ModernServerHandle.VERSIONS;
    /** The {@code _meta} key of the version a modern request speaks. */
    public static final String VERSION_KEY = "io.modelcontextprotocol/protocolVersion";
    /** The method that asks a server what it supports, without a session. */
    public static final String DISCOVER = "server/discover";
    /** JSON-RPC error of a header that disagrees with the body (or is missing): HTTP 400. */
    public static final int HEADER_MISMATCH = -32_020;
    /** JSON-RPC error of a request naming a protocol version the server does not speak: HTTP 400. */
    public static final int UNSUPPORTED_VERSION = -32_022;

    private ModernEra() {}

    /**
     * @param message a decoded message
     * @return true for a request of the modern era: a version claim in {@code _meta}, or {@code server/discover};
     *     an {@code initialize} without the claim selects the legacy era (one with it is the modern era's removed
     *     method: -32601, HTTP 404)
     */
    public static boolean claims(McpSchema.JSONRPCMessage message) {
        return message instanceof McpSchema.JSONRPCRequest request
                && (DISCOVER.equals(request.method())
                        || claimedVersion(request.params()).isPresent());
    }

    /**
     * @param params a request's params
     * @return the version its {@code _meta} claims, when it is a string
     */
    public static Optional<String> claimedVersion(Object params) {
        if (params instanceof Map<?, ?> map
                && map.get("_meta") instanceof Map<?, ?> meta
                && meta.get(VERSION_KEY) instanceof String version) {
            return Optional.of(version);
        }
        return Optional.empty();
    }

    /**
     * @param header an {@code MCP-Protocol-Version} header, or null
     * @return true when it names a modern version: such a GET or DELETE is refused 405 (the era has neither), and a
     *     POST is decoded before its era is known
     */
    public static boolean isModernVersion(String header) {
        return header != null && VERSIONS.contains(header.strip());
    }
}
