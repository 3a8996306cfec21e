package dev.switchboard.plugin.mailbox.search.domain;

/**
 * Case folding for substring matching: every code point mapped by Unicode's simple lower-case mapping
 * ({@link Character#toLowerCase(int)}), with no locale and no context, so Cyrillic, Greek and Latin fold alike, a
 * string keeps its length in UTF-16 units in all but a handful of code points, and the result equals the PostgreSQL
 * schema's {@code mailbox_fold(...)} (PostgreSQL 17's {@code lower(... COLLATE pg_c_utf8)}, or on 14 to 16 the same
 * mapping as a per-character lookup), up to the Unicode versions of the JDK and the server. Stateless.
 */
public final class Fold {

    private Fold() {}

    /** @return {@code text} folded code point by code point (itself when nothing changes: lower-case ASCII) */
    public static String fold(String text) {
        int length = text.length();
        int i = 0;
        while (i < length) {
            char c = text.charAt(i);
            if (c >= 0x80 || (c >= 'A' && c <= 'Z')) {
                break;
            }
            i++;
        }
        if (i == length) {
            return text;
        }
        StringBuilder folded = new StringBuilder(length).append(text, 0, i);
        while (i < length) {
            char c = text.charAt(i);
            if (c < 0x80) {
                folded.append(c >= 'A' && c <= 'Z' ? (char) (c + ('a' - 'A')) : c);
                i++;
            } else {
                int codePoint = text.codePointAt(i);
                folded.appendCodePoint(Character.toLowerCase(codePoint));
                i += Character.charCount(codePoint);
            }
        }
        return folded.toString();
    }
}
