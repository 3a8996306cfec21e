package dev.switchboard.ports.call;

/**
 * Sends log messages to the client during a call as {@code notifications/message}, on the call's own stream where the
 * transport has one. Messages below the level the client set with {@code logging/setLevel} are dropped by the
 * transport. Implementations MUST be thread-safe. Server-side logging goes through SLF4J instead.
 */
public interface LogSink {

    /** A sink that drops every message. */
    LogSink NONE = (level, logger, data) -> {};

    /**
     * Sends one message.
     *
     * @param level  severity, not null
     * @param logger the logger's name, or null
     * @param data   a JSON value (string, number, boolean, {@code Map} or {@code List}); not null
     */
    void log(LogLevel level, String logger, Object data);
}
