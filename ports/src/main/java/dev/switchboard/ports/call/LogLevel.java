package dev.switchboard.ports.call;

import java.util.Locale;

/** The syslog severities MCP uses for {@code notifications/message} (RFC 5424, MCP 2025-11-25 "Logging"). */
public enum LogLevel {
    DEBUG,
    INFO,
    NOTICE,
    WARNING,
    ERROR,
    CRITICAL,
    ALERT,
    EMERGENCY;

    /** @return the lowercase wire name, such as {@code warning} */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
