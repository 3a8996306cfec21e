package dev.switchboard.bridge.mcp.transport;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import io.modelcontextprotocol.spec.McpSchema;

import dev.switchboard.bridge.mcp.JsonKinds;
import dev.switchboard.bridge.mcp.ModernServerHandle;

/**
 * What a transport answers to a message that tries to speak the modern era (MCP 2026-07-28) but is not a request the
 * modern server can take ({@link ModernEra#claims} is false for it), so that it never falls to the legacy path, which
 * would refuse it as an unsupported version or a missing session and tell the client to downgrade. A message tries the
 * modern era when its {@code MCP-Protocol-Version} header names a modern version (HTTP), or its
 * {@code params._meta} carries the key {@code io.modelcontextprotocol/protocolVersion} with any value (every
 * transport; stdio has no header, so there a request whose {@code params} or {@code _meta} is no object says nothing
 * of its era and stays the legacy era's).
 *
 * <ul>
 * <li>a request: -32602 (HTTP 400) naming what is wrong: {@code params} not an object, {@code _meta} missing or not
 * an object, the version missing or not a string;</li>
 * <li>a notification: {@code notifications/cancelled} is taken ({@link #ACCEPTED}, HTTP 202; stdio raises the named
 * call's signal as it does in either era), any other is -32601 (HTTP 400, id null) naming the one the era takes;</li>
 * <li>a response: -32600 (HTTP 400, id null): the era's server sends the client no request to answer;</li>
 * <li>a batch ({@link #batchRefusal}): -32600 (HTTP 400, id null): batches are not part of the era.</li>
 * </ul>
 * Stateless.
 */
public final class ModernAttempts {

    /** The answer to a notification the modern era takes: HTTP 202, no body; nothing on stdio. */
    public static final ModernServerHandle.Answer ACCEPTED = new ModernServerHandle.Answer(202, null);

    /** The notifications a client of the modern era sends. */
    private static final Set<String> NOTIFICATIONS = Set.of("notifications/cancelled");

    private static final String VERSION_PATH = "params._meta[\"" + ModernEra.VERSION_KEY + "\"]";

    private ModernAttempts() {}

    /**
     * @param message a decoded single message that {@link ModernEra#claims} did not claim
     * @param header  its {@code MCP-Protocol-Version} header, or null (absent, or a transport without headers)
     * @return the answer to send instead of the legacy path's ({@link #ACCEPTED}, or a status with a JSON-RPC error
     *     whose id is the request's, null for a notification or a response), or empty when the message does not try
     *     the modern era
     */
    public static Optional<ModernServerHandle.Answer> answer(McpSchema.JSONRPCMessage message, String header) {
        return switch (message) {
            case McpSchema.JSONRPCRequest request
            when tries(request.params(), header) ->
                Optional.of(refusal(request.id(), JsonRpcErrors.INVALID_PARAMS, "Invalid params: " + problem(request)));
            case McpSchema.JSONRPCNotification notification
            when tries(notification.params(), header) ->
                Optional.of(
                        NOTIFICATIONS.contains(notification.method())
                                ? ACCEPTED
                                : refusal(
                                        null,
                                        JsonRpcErrors.METHOD_NOT_FOUND,
                                        "Method not found: " + notification.method() + " is not a notification of"
                                                + " protocol version " + ModernEra.MCP_2026_07_28
                                                + "; a client of that version sends only notifications/cancelled"));
            case McpSchema.JSONRPCResponse ignored
            when ModernEra.isModernVersion(header) ->
                Optional.of(refusal(
                        null,
                        JsonRpcErrors.INVALID_REQUEST,
                        "Invalid Request: protocol version " + ModernEra.MCP_2026_07_28
                                + " sends the client no request to answer; a response has nothing to go to"));
            default -> Optional.empty();
        };
    }

    /**
     * @param messages a decoded batch's messages
     * @param header   the {@code MCP-Protocol-Version} header, or null
     * @return the -32600 message for a batch that tries the modern era (the header names a modern version, or any of
     *     its messages tries it), or empty
     */
    public static Optional<String> batchRefusal(List<McpSchema.JSONRPCMessage> messages, String header) {
        boolean tries = ModernEra.isModernVersion(header)
                || messages.stream().anyMatch(message -> switch (message) {
                    case McpSchema.JSONRPCRequest request ->
                        ModernEra.claims(request) || carriesVersionKey(request.params());
                    case McpSchema.JSONRPCNotification notification -> carriesVersionKey(notification.params());
                    default -> false;
                });
        return tries
                ? Optional.of("Invalid Request: JSON-RPC batches are not part of protocol version "
                        + ModernEra.MCP_2026_07_28 + "; send each request on its own")
                : Optional.empty();
    }

    private static boolean tries(Object params, String header) {
        return ModernEra.isModernVersion(header) || carriesVersionKey(params);
    }

    private static boolean carriesVersionKey(Object params) {
        return params instanceof Map<?, ?> map
                && map.get("_meta") instanceof Map<?, ?> meta
                && meta.containsKey(ModernEra.VERSION_KEY);
    }

    /** @return what keeps the request from being one of the modern era */
    private static String problem(McpSchema.JSONRPCRequest request) {
        String era = "a request of protocol version " + ModernEra.MCP_2026_07_28;
        if (request.params() != null && !(request.params() instanceof Map)) {
            return era + " takes an object as its params, not " + JsonKinds.of(request.params());
        }
        Object meta = request.params() instanceof Map<?, ?> params ? params.get("_meta") : null;
        if (meta == null) {
            return era + " carries its version in " + VERSION_PATH + "; params._meta is missing";
        }
        if (!(meta instanceof Map<?, ?> metaMap)) {
            return "params._meta must be an object, not " + JsonKinds.of(meta);
        }
        Object version = metaMap.get(ModernEra.VERSION_KEY);
        if (version == null) {
            return era + " carries its version in " + VERSION_PATH + "; it is missing";
        }
        return VERSION_PATH + " must be a string such as \"" + ModernEra.MCP_2026_07_28 + "\", not "
                + JsonKinds.of(version);
    }

    private static ModernServerHandle.Answer refusal(Object id, int code, String message) {
        return new ModernServerHandle.Answer(400, JsonRpcErrors.error(id, code, message));
    }
}
