package dev.switchboard.bridge.mcp;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

import io.modelcontextprotocol.modern.McpSchema.MetaKeys;
import io.modelcontextprotocol.modern.server.McpRequestContext;

import dev.switchboard.ports.call.LogLevel;
import dev.switchboard.ports.call.LogSink;
import dev.switchboard.ports.call.ProgressReporter;

/**
 * The request-scoped notifications of a modern-era (2026-07-28) tool call, sent on that request's own
 * {@link ModernServerHandle.Channel} and nowhere else: {@code notifications/progress} against the request's
 * {@code _meta.progressToken} (none without one), and {@code notifications/message} at or above the level the request's
 * {@code _meta["io.modelcontextprotocol/logLevel"]} asks for (none without one, or with a level MCP does not name).
 * Each notification is a JSON object of JDK types ({@code jsonrpc}, {@code method}, {@code params}), written by the
 * transport with {@link McpServerAssembly#jsonMapper()}. Stateless.
 */
final class ModernNotifications {

    private ModernNotifications() {}

    /** @return the call's progress reporter: {@link ProgressReporter#NONE} when the request has no progress token */
    static ProgressReporter progress(McpRequestContext request, ModernServerHandle.Channel channel) {
        Object token = request.progressToken();
        if (token == null) {
            return ProgressReporter.NONE;
        }
        return (progress, total, message) -> {
            Map<String, Object> params = new LinkedHashMap<>();
            params.put("progressToken", token);
            params.put("progress", progress);
            if (total != null) {
                params.put("total", total);
            }
            if (message != null) {
                params.put("message", message);
            }
            channel.send(notification("notifications/progress", params));
        };
    }

    /**
     * @return the call's log sink: messages at or above the requested level go to the channel; {@link LogSink#NONE}
     *     when the request asks for no level
     */
    static LogSink log(McpRequestContext request, ModernServerHandle.Channel channel, JsonValues json) {
        LogLevel least = requestedLevel(request.meta());
        if (least == null) {
            return LogSink.NONE;
        }
        return (level, logger, data) -> {
            if (level.compareTo(least) < 0) {
                return;
            }
            Map<String, Object> params = new LinkedHashMap<>();
            params.put("level", level.wireName());
            if (logger != null) {
                params.put("logger", logger);
            }
            params.put("data", json.toText(data));
            channel.send(notification("notifications/message", params));
        };
    }

    /** @return a JSON-RPC notification as a JSON object */
    static Map<String, Object> notification(String method, Map<String, Object> params) {
        Map<String, Object> notification = new LinkedHashMap<>();
        notification.put("jsonrpc", "2.0");
        notification.put("method", method);
        notification.put("params", params);
        return notification;
    }

    private static LogLevel requestedLevel(Map<String, Object> meta) {
        if (meta == null || !(meta.get(MetaKeys.LOG_LEVEL) instanceof String level)) {
            return null;
        }
        try {
            return LogLevel.valueOf(level.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
