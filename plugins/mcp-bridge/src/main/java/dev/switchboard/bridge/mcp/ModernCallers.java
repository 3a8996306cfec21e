package dev.switchboard.bridge.mcp;

import java.util.Map;

import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.modern.server.McpRequestContext;

import dev.switchboard.ports.call.Principal;

/**
 * Carries the caller of one modern-era request from the transport to the handlers: the transport names the caller on
 * every request (the era has no session to remember it in), and {@link #of} reads it back. Stateless.
 */
final class ModernCallers {

    /** The key of the caller in a request's transport context. */
    static final String PRINCIPAL = "switchboard.modern.principal";

    private ModernCallers() {}

    /** @return the transport context of one request of {@code caller} */
    static McpTransportContext context(Principal caller) {
        return McpTransportContext.create(Map.of(PRINCIPAL, caller));
    }

    /**
     * @return the caller attached by {@link #context}
     * @throws IllegalStateException if none is attached (a handler then fails rather than guess)
     */
    static Principal of(McpRequestContext request) {
        if (request.transportContext().get(PRINCIPAL) instanceof Principal principal) {
            return principal;
        }
        throw new IllegalStateException("no caller is attached to this modern-era request");
    }
}
