package dev.switchboard.plugin.mailbox.channel.application;

import java.util.Collection;
import java.util.Map;

/**
 * The length in bytes of a value's compact JSON in UTF-8, as Jackson writes it by default, counted without writing it:
 * what {@link Listing#fitting} measures each entry by, since writing every entry once to measure it and again to answer
 * cost a large listing a third of its time. Counts strings (escapes as Jackson writes them: {@code \"},
 * {@code \\}, the short forms of {@code \b \t \n \f \r}, {@code \}{@code u00XX} for the other control characters; a
 * lone surrogate as 6, Jackson's escape or more than its replacement), whole numbers, booleans, null, maps with string
 * keys and collections. Stateless.
 */
final class JsonBytes {

    /** What {@link #of} answers for a value it does not count (a fraction, a record): the caller writes it. */
    static final long UNKNOWN = -1;

    private JsonBytes() {}

    /** @return the bytes of {@code value}'s JSON, or {@link #UNKNOWN} when it holds a value of another type */
    static long of(Object value) {
        return switch (value) {
            case null -> 4;
            case String text -> string(text);
            case Long number -> digits(number);
            case Integer number -> digits(number);
            case Short number -> digits(number);
            case Byte number -> digits(number);
            case Boolean flag -> flag ? 4 : 5;
            case Map<?, ?> map -> map(map);
            case Collection<?> items -> collection(items);
            default -> UNKNOWN;
        };
    }

    private static long digits(long number) {
        return Long.toString(number).length();
    }

    private static long map(Map<?, ?> map) {
        long bytes = 2 + Math.max(0, map.size() - 1);
        for (Map.Entry<?, ?> entry : map.entrySet()) {
            if (!(entry.getKey() instanceof String key)) {
                return UNKNOWN;
            }
            long value = of(entry.getValue());
            if (value == UNKNOWN) {
                return UNKNOWN;
            }
            bytes += string(key) + 1 + value;
        }
        return bytes;
    }

    private static long collection(Collection<?> items) {
        long bytes = 2 + Math.max(0, items.size() - 1);
        for (Object item : items) {
            long value = of(item);
            if (value == UNKNOWN) {
                return UNKNOWN;
            }
            bytes += value;
        }
        return bytes;
    }

    private static long string(String text) {
        long bytes = 2;
        int length = text.length();
        for (int i = 0; i < length; i++) {
            char c = text.charAt(i);
            if (c >= 0x20 && c < 0x80) {
                bytes += c == '"' || c == '\\' ? 2 : 1;
            } else if (c < 0x20) {
                bytes += c == '\b' || c == '\t' || c == '\n' || c == '\f' || c == '\r' ? 2 : 6;
            } else if (c < 0x800) {
                bytes += 2;
            } else if (Character.isHighSurrogate(c) && i + 1 < length && Character.isLowSurrogate(text.charAt(i + 1))) {
                bytes += 4;
                i++;
            } else if (Character.isSurrogate(c)) {
                bytes += 6;
            } else {
                bytes += 3;
            }
        }
        return bytes;
    }
}
