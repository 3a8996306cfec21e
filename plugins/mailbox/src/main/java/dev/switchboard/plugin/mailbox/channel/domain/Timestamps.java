package dev.switchboard.plugin.mailbox.channel.domain;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * The mailbox's one time format: ISO-8601 UTC with milliseconds, {@code yyyy-MM-ddTHH:mm:ss.SSSZ} (fixed width, so
 * string order is time order, as the original's {@code strftime('%Y-%m-%dT%H:%M:%fZ')}). Stateless.
 */
public final class Timestamps {

    private static final DateTimeFormatter FORMAT =
            DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);

    private Timestamps() {}

    /**
     * @param instant a moment
     * @return it in the mailbox format, truncated to the millisecond
     */
    public static String format(Instant instant) {
        return FORMAT.format(instant);
    }

    /**
     * @param text a time in the mailbox format
     * @return the moment
     * @throws java.time.format.DateTimeParseException if it is not in that format
     */
    public static Instant parse(String text) {
        return Instant.parse(text);
    }
}
