package dev.switchboard.plugin.workspace.application;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * UTF-8 bytes that every matching line of a {@code grep} must contain, found with Boyer-Moore-Horspool (it skips up to
 * the needle's length per step, which matters because most files of a tree lack it), so that most files are never
 * decoded. The arrays are never changed after {@link #of}, so one needle serves every thread of a search.
 */
record Needle(byte[] bytes, int[] shift) {

    private static final String REGEX_META = "\\^$.|?*+()[]{}";

    /**
     * @param pattern the case-sensitive pattern
     * @param literal whether it is literal text
     * @return the needle of a pattern that is literal text (or has no regex metacharacters), or null when there is none
     */
    static Needle of(String pattern, boolean literal) {
        if (pattern.isEmpty()
                || pattern.indexOf('\uFFFD') >= 0
                || !literal && pattern.chars().anyMatch(c -> REGEX_META.indexOf(c) >= 0)) {
            return null;
        }
        byte[] bytes = pattern.getBytes(StandardCharsets.UTF_8);
        int[] shift = new int[256];
        Arrays.fill(shift, bytes.length);
        for (int j = 0; j < bytes.length - 1; j++) {
            shift[bytes[j] & 0xFF] = bytes.length - 1 - j;
        }
        return new Needle(bytes, shift);
    }

    /** @return whether the haystack contains the needle's bytes */
    boolean in(byte[] haystack) {
        int last = bytes.length - 1;
        for (int i = 0; i + last < haystack.length; i += shift[haystack[i + last] & 0xFF]) {
            if (haystack[i + last] == bytes[last] && Arrays.equals(haystack, i, i + last, bytes, 0, last)) {
                return true;
            }
        }
        return false;
    }
}
