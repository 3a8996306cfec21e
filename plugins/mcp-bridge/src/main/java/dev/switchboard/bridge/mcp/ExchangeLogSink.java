package dev.switchboard.bridge.mcp;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.modelcontextprotocol.server.McpAsyncServerExchange;
import io.modelcontextprotocol.spec.McpSchema;

import dev.switchboard.ports.call.LogLevel;
import dev.switchboard.ports.call.LogSink;

/**
 * Sends {@code notifications/message} for one call. The SDK drops messages below the level the client chose with
 * {@code logging/setLevel} (default {@code info}). The SDK's notification carries {@code data} as a string, so JSON
 * values other than strings are sent as their JSON text.
 */
final class ExchangeLogSink implements LogSink {

    private static final Logger LOG = LoggerFactory.getLogger(ExchangeLogSink.class);

    private final McpAsyncServerExchange exchange;
    private final JsonValues json;

    ExchangeLogSink(McpAsyncServerExchange exchange, JsonValues json) {
        this.exchange = exchange;
        this.json = json;
    }

    @Override
    public void log(LogLevel level, String logger, Object data) {
        McpSchema.LoggingLevel sdkLevel = McpSchema.LoggingLevel.valueOf(level.name());
        try {
            exchange.loggingNotification(
                            new McpSchema.LoggingMessageNotification(sdkLevel, logger, json.toText(data), null))
                    .block();
        } catch (RuntimeException e) {
            // A log note that cannot be delivered (client gone) must not fail the call itself.
            LOG.debug("log notification not delivered", e);
        }
    }
}
