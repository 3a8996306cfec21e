package dev.switchboard.bridge.mcp;

import java.util.Map;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.modelcontextprotocol.server.McpAsyncServerExchange;
import io.modelcontextprotocol.spec.McpSchema;

import dev.switchboard.ports.call.ProgressReporter;

/**
 * Sends {@code notifications/progress} for one call against the request's {@code _meta.progressToken}. Blocks until
 * the notification is handed to the transport, so that it reaches the client before the call's answer.
 */
final class ExchangeProgressReporter implements ProgressReporter {

    private static final Logger LOG = LoggerFactory.getLogger(ExchangeProgressReporter.class);

    private final McpAsyncServerExchange exchange;
    private final Object token;

    private ExchangeProgressReporter(McpAsyncServerExchange exchange, Object token) {
        this.exchange = exchange;
        this.token = token;
    }

    /** @return a reporter for the request, or {@link ProgressReporter#NONE} when it carries no progress token */
    static ProgressReporter forRequest(McpAsyncServerExchange exchange, Map<String, Object> meta) {
        Object token = meta == null ? null : meta.get("progressToken");
        return token == null ? NONE : new ExchangeProgressReporter(exchange, token);
    }

    @Override
    public void report(double progress, Double total, String message) {
        try {
            exchange.progressNotification(new McpSchema.ProgressNotification(token, progress, total, message, null))
                    .block();
        } catch (RuntimeException e) {
            // A progress note that cannot be delivered (client gone) must not fail the call itself.
            LOG.debug("progress notification for token {} not delivered", token, e);
        }
    }
}
