package dev.switchboard.plugin.mailbox.channel.domain;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.temporal.TemporalAccessor;
import java.util.Optional;

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
     * Reads a {@code since} filter as the original accepts it: ISO-8601 with {@code Z} or a numeric offset, a space
     * instead of {@code T}, fractions of a second or none, or a bare date (midnight); no offset means UTC.
     *
     * @param text the filter
     * @return the moment, or empty when it is none of those
     */
    public static Optional<Instant> parseSince(String text) {
        String value = text.strip();
        if (value.length() > 10 && value.charAt(10) == ' ') {
            value = value.substring(0, 10) + "T" + value.substring(11);
        }
        try {
            if (value.length() == 10) {
                return Optional.of(
                        LocalDate.parse(value).atStartOfDay(ZoneOffset.UTC).toInstant());
            }
            TemporalAccessor parsed =
                    DateTimeFormatter.ISO_DATE_TIME.parseBest(value, OffsetDateTime::from, LocalDateTime::from);
            return Optional.of(
                    parsed instanceof OffsetDateTime offset
                            ? offset.toInstant()
                            : ((LocalDateTime) parsed).toInstant(ZoneOffset.UTC));
        } catch (DateTimeParseException e) {
            return Optional.empty();
        }
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
