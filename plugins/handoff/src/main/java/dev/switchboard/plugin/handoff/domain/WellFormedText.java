package dev.switchboard.plugin.handoff.domain;

import java.util.OptionalInt;

/**
 * Whether text is well-formed Unicode that every storage backend keeps as sent: JSON may carry a lone UTF-16
 * surrogate ({@code "\ud800"}), which has no UTF-8 encoding, so storing it would silently turn it into {@code ?} and
 * change the checksum's input; and a NUL ({@code "\u0000"}), which PostgreSQL text cannot hold at all. Such text is
 * refused instead, on every backend alike. Stateless.
 */
public final class WellFormedText {

    private WellFormedText() {}

    /**
     * @param text the text
     * @return the UTF-16 index of the first surrogate without its pair, or empty when the text is well-formed
     */
    public static OptionalInt loneSurrogate(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                return OptionalInt.of(i);
            }
        }
        return OptionalInt.empty();
    }

    /**
     * @param text the text
     * @return the UTF-16 index of the first NUL character (U+0000), or empty when there is none
     */
    public static OptionalInt nul(String text) {
        int at = text.indexOf('\u0000');
        return at < 0 ? OptionalInt.empty() : OptionalInt.of(at);
    }
}
