package dev.switchboard.plugin.transport.http;

import java.util.Map;

import io.modelcontextprotocol.common.McpTransportContext;
import reactor.util.context.Context;

import dev.switchboard.bridge.mcp.PrincipalResolver;
import dev.switchboard.bridge.mcp.RequestContexts;
import dev.switchboard.ports.call.Principal;

/**
 * Carries the authenticated caller from the HTTP request to the bridge: each message handed to the SDK runs with an
 * {@link McpTransportContext} holding the caller's {@link Principal} (and, for requests, the JSON-RPC id), and the
 * {@link #resolver()} reads it back when a tool, resource or prompt handler asks who is calling.
 */
final class CallerContext {

    /** The transport-context key of the caller's {@link Principal}. */
    static final String PRINCIPAL = "switchboard.principal";

    private CallerContext() {}

    /** @return the Reactor context for a request with that JSON-RPC id */
    static Context forRequest(Object requestId, Principal caller) {
        return Context.of(McpTransportContext.KEY, RequestContexts.forRequest(requestId, Map.of(PRINCIPAL, caller)));
    }

    /** @return the Reactor context for a notification or an answer of the client */
    static Context forMessage(Principal caller) {
        return Context.of(McpTransportContext.KEY, McpTransportContext.create(Map.of(PRINCIPAL, caller)));
    }

    /**
     * @return a resolver answering the principal attached by this transport; it fails (and so the handler fails)
     *         rather than guess when none is attached
     */
    static PrincipalResolver resolver() {
        return transportContext -> {
            if (transportContext.get(PRINCIPAL) instanceof Principal principal) {
                return principal;
            }
            throw new IllegalStateException("no authenticated caller is attached to this request");
        };
    }
}
