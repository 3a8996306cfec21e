package dev.switchboard.plugin.mailbox.board.application;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;

/**
 * A moment as the board shows it (ADR 67): relative to now ({@code 3 min ago}) in the text, exact in UTC on hover
 * (the {@code <time>} element's {@code title}) and machine-readable in its {@code datetime}, which the board's script
 * uses to keep the text current. Same rule as {@code board.js}: under a minute in seconds, under an hour in minutes,
 * under a day in hours, then days; a moment ahead of the clock is {@code just now}. Stateless.
 */
public final class Ago {

    private static final DateTimeFormatter EXACT =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'").withZone(ZoneOffset.UTC);

    private Ago() {}

    /**
     * @param iso an ISO-8601 instant ({@code 2026-12-03T15:32:06.123Z}), or null
     * @return it, or null when it is null or not an instant
     */
    public static Instant parse(String iso) {
        if (iso == null) {
            return null;
        }
        try {
            return Instant.parse(iso);
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    /**
     * @param at  a moment
     * @param now the clock's moment
     * @return how long ago, such as {@code 42 s ago}, {@code 3 min ago}, {@code 5 h ago}, {@code 2 d ago}
     */
    public static String relative(Instant at, Instant now) {
        long seconds = Duration.between(at, now).toSeconds();
        if (seconds < 1) {
            return "just now";
        }
        if (seconds < 60) {
            return seconds + " s ago";
        }
        if (seconds < 3600) {
            return seconds / 60 + " min ago";
        }
        if (seconds < 86_400) {
            return seconds / 3600 + " h ago";
        }
        return seconds / 86_400 + " d ago";
    }

    /**
     * @param at a moment
     * @return it relative to the clock's now
     */
    public static String relative(Instant at) {
        return relative(at, Instant.now());
    }

    /**
     * @param at a moment
     * @return it exactly, in UTC: {@code 2026-12-03 15:32:06 UTC}
     */
    public static String exact(Instant at) {
        return EXACT.format(at);
    }
}
