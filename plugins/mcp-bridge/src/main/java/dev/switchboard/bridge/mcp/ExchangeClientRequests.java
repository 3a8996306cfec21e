package dev.switchboard.bridge.mcp;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeoutException;

import io.modelcontextprotocol.server.McpAsyncServerExchange;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import reactor.core.Exceptions;
import reactor.core.publisher.Mono;

import dev.switchboard.ports.call.ClientRequestException;
import dev.switchboard.ports.call.ClientRequests;

/**
 * Sends sampling, elicitation and roots requests to the client of one call, converting the ports' JSON objects to the SDK's
 * records and back. Blocks the calling (virtual) thread until the client answers or the timeout passes.
 */
final class ExchangeClientRequests implements ClientRequests {

    private final McpAsyncServerExchange exchange;
    private final JsonValues json;

    ExchangeClientRequests(McpAsyncServerExchange exchange, JsonValues json) {
        this.exchange = exchange;
        this.json = json;
    }

    @Override
    public boolean supports(Capability capability) {
        McpSchema.ClientCapabilities declared = exchange.getClientCapabilities();
        if (declared == null) {
            return false;
        }
        return switch (capability) {
            case SAMPLING -> declared.sampling() != null;
            case ELICITATION -> declared.elicitation() != null;
            case ROOTS -> declared.roots() != null;
        };
    }

    /** @throws IllegalArgumentException if {@code params} do not form the request MCP defines */
    @Override
    public Map<String, Object> send(Capability capability, Map<String, Object> params, Duration timeout) {
        if (!supports(capability)) {
            throw new ClientRequestException("the client did not declare the capability for " + capability.method());
        }
        Mono<?> answer = switch (capability) {
            case SAMPLING -> exchange.createMessage(json.fromObject(params, McpSchema.CreateMessageRequest.class));
            case ELICITATION -> exchange.createElicitation(json.fromObject(params, McpSchema.ElicitRequest.class));
            case ROOTS -> exchange.listRoots();
        };
        try {
            return json.toObject(answer.timeout(timeout).block());
        } catch (RuntimeException e) {
            throw translate(capability, timeout, Exceptions.unwrap(e));
        }
    }

    private static ClientRequestException translate(Capability capability, Duration timeout, Throwable cause) {
        String method = capability.method();
        if (cause instanceof TimeoutException) {
            return new ClientRequestException("the client did not answer " + method + " within " + timeout, cause);
        }
        if (cause instanceof McpError error) {
            return new ClientRequestException(
                    "the client answered " + method + " with an error: " + error.getMessage(), cause);
        }
        return new ClientRequestException(method + " failed: " + cause.getMessage(), cause);
    }
}
