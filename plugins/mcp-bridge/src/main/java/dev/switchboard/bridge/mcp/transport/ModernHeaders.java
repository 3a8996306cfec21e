package dev.switchboard.bridge.mcp.transport;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

import io.modelcontextprotocol.modern.server.transport.McpHeaderDecoder;
import io.modelcontextprotocol.spec.McpSchema;

/**
 * The HTTP header rules of the modern era (MCP 2026-07-28, streamable HTTP): {@code Mcp-Method} on every request,
 * equal to the body's method; {@code MCP-Protocol-Version} equal to the version the body's {@code _meta} claims;
 * {@code Mcp-Name} on {@code tools/call}, {@code prompts/get} (the {@code name}) and {@code resources/read} (the
 * {@code uri}), decoded as the spec says (a {@code =?base64?...?=} value carries non-ASCII text). Each header once. A
 * request that breaks one is answered -32020 ({@link ModernEra#HEADER_MISMATCH}) with HTTP 400. These are the rules of
 * the SDK's servlet transport, which this server (Helidon) cannot use. Stateless.
 */
public final class ModernHeaders {

    static final String METHOD = "Mcp-Method";
    static final String VERSION = "MCP-Protocol-Version";
    static final String NAME = "Mcp-Name";

    private static final Map<String, String> NAMED_BY =
            Map.of("tools/call", "name", "prompts/get", "name", "resources/read", "uri");
    private static final Set<String> NAMED = NAMED_BY.keySet();

    private ModernHeaders() {}

    /**
     * @param request a modern-era request
     * @param headers the values of a header by its name (case-insensitive), an empty list when absent
     * @return what is wrong, for the client, or empty when the headers agree with the body
     */
    public static Optional<String> mismatch(McpSchema.JSONRPCRequest request, Function<String, List<String>> headers) {
        String method = single(headers, METHOD);
        if (method == null) {
            return Optional.of(problem(headers, METHOD));
        }
        if (!method.equals(request.method())) {
            return Optional.of("Mcp-Method header does not match the request's method");
        }
        Optional<String> claimed = ModernEra.claimedVersion(request.params());
        if (claimed.isPresent()) {
            String version = single(headers, VERSION);
            if (version == null) {
                return Optional.of(problem(headers, VERSION));
            }
            if (!version.strip().equals(claimed.get())) {
                return Optional.of("MCP-Protocol-Version header does not match _meta's protocol version");
            }
        }
        if (NAMED.contains(request.method())
                && request.params() instanceof Map<?, ?> params
                && params.get(NAMED_BY.get(request.method())) instanceof String named) {
            String name = single(headers, NAME);
            if (name == null) {
                return Optional.of(problem(headers, NAME));
            }
            String decoded = McpHeaderDecoder.decodeValue(name);
            if (decoded == null) {
                return Optional.of("Mcp-Name header has a malformed value");
            }
            if (!decoded.equals(named)) {
                return Optional.of("Mcp-Name header does not match the request's name or uri");
            }
        }
        return Optional.empty();
    }

    /** @return the header's one value, or null when it is missing or repeated */
    private static String single(Function<String, List<String>> headers, String name) {
        List<String> values = headers.apply(name);
        return values.size() == 1 ? values.getFirst() : null;
    }

    private static String problem(Function<String, List<String>> headers, String name) {
        return headers.apply(name).isEmpty()
                ? "Missing required header: " + name
                : name + " header has more than one value";
    }
}
