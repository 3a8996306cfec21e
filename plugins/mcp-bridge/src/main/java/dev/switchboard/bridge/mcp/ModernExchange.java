package dev.switchboard.bridge.mcp;

import java.util.Map;

import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.modern.server.McpRequestContext;

import dev.switchboard.ports.call.Principal;

/**
 * What the transport gives one modern-era request besides its JSON: its caller (the era has no session to remember
 * it in), the transport's name for where it came from ({@code scope}: with the request's id, what
 * {@link ModernServerHandle#cancel} names), and its own way back to the client ({@code channel}: progress, log
 * messages, a listen stream's notifications). Carried to the handlers in the SDK's transport context ({@link #context},
 * {@link #of}). Immutable.
 *
 * @param caller  who sent the request, established by the transport for this request
 * @param scope   the transport's name for the request's origin (a connection, a POST); never null
 * @param channel the request's own stream back to the client
 */
record ModernExchange(Principal caller, String scope, ModernServerHandle.Channel channel) {

    /** The key of the exchange in a request's transport context. */
    static final String KEY = "switchboard.modern.exchange";

    /** @return the transport context of one request */
    McpTransportContext context() {
        return McpTransportContext.create(Map.of(KEY, this));
    }

    /**
     * @return the exchange attached by {@link #context}
     * @throws IllegalStateException if none is attached (a handler then fails rather than guess)
     */
    static ModernExchange of(McpRequestContext request) {
        if (request.transportContext().get(KEY) instanceof ModernExchange exchange) {
            return exchange;
        }
        throw new IllegalStateException("no caller is attached to this modern-era request");
    }
}
