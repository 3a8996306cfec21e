package dev.switchboard.plugin.mailbox.search.domain;

/**
 * Case folding for substring matching: every code point mapped by Unicode's simple lower-case mapping
 * ({@link Character#toLowerCase(int)}), with no locale and no context, so Cyrillic, Greek and Latin fold alike, a
 * string keeps its length in UTF-16 units in all but a handful of code points, and the result equals PostgreSQL's
 * {@code lower(... COLLATE pg_c_utf8)}. Stateless.
 */
public final class Fold {

    private Fold() {}

    /** @return {@code text} folded code point by code point */
    public static String fold(String text) {
        StringBuilder folded = new StringBuilder(text.length());
        text.codePoints().map(Character::toLowerCase).forEach(folded::appendCodePoint);
        return folded.toString();
    }
}
