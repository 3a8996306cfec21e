package dev.switchboard.plugin.handoff.adapter.out.persistence;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * Instants as stored: UTC, millisecond precision, fixed width ({@code 2026-05-01T09:30:00.000Z}), so text order is
 * time order. {@link Instant#toString()} is not used because it drops zero fractions and would break that order.
 */
final class Times {

    private static final DateTimeFormatter FORMAT =
            DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);

    private Times() {}

    static String format(Instant instant) {
        return FORMAT.format(instant);
    }

    static Instant parse(String text) {
        return text == null ? null : Instant.parse(text);
    }
}
