package io.modelcontextprotocol.modern.server;

import java.util.Map;

import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.modern.McpSchema;

/**
 * Builds the SDK's {@link McpRequestContext}, whose constructor the SDK keeps to its package: for tests of a
 * {@link RequestStateCodec} on its own, which the SDK hands such a context at every seal and open.
 */
public final class RequestContexts {

    private RequestContexts() {}

    /**
     * @param method    the request's method, such as {@code tools/call}
     * @param primitive the tool, prompt or resource it names
     * @param transport the transport's context (the caller)
     * @return a modern request's context
     */
    public static McpRequestContext of(String method, String primitive, McpTransportContext transport) {
        return new McpRequestContext(
                1,
                method,
                "2026-07-28",
                McpSchema.ClientCapabilities.NONE,
                null,
                null,
                primitive,
                Map.of(),
                transport,
                false,
                false);
    }
}
