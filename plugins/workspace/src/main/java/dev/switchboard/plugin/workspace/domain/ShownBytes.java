package dev.switchboard.plugin.workspace.domain;

/**
 * The byte cap of every text answer the workspace shows from a file or a command (the original's, Pi's 50 KB):
 * {@code bash} shows at most the last {@value #MAX} bytes of a command's output, {@code read} at most the first
 * {@value #MAX} bytes of its window. Lengths are of UTF-8. Stateless.
 */
public final class ShownBytes {

    /** The most bytes of UTF-8 an answer shows: 50 KiB. */
    public static final int MAX = 50 * 1024;

    private ShownBytes() {}

    /**
     * @param text   the text
     * @param from   the first index
     * @param to     the end index (exclusive)
     * @param budget the most bytes of UTF-8 to take, 0 and up
     * @return the largest end in {@code from..to} whose range {@code from..end} takes at most {@code budget} bytes,
     *     never between the two halves of a surrogate pair; reads no further than the budget
     */
    public static int fit(CharSequence text, int from, int to, long budget) {
        long used = 0;
        int i = from;
        while (i < to) {
            char c = text.charAt(i);
            int width;
            int step = 1;
            if (c < 0x80) {
                width = 1;
            } else if (c < 0x800) {
                width = 2;
            } else if (Character.isHighSurrogate(c) && i + 1 < to && Character.isLowSurrogate(text.charAt(i + 1))) {
                width = 4;
                step = 2;
            } else {
                width = 3;
            }
            if (used + width > budget) {
                return i;
            }
            used += width;
            i += step;
        }
        return i;
    }

    /**
     * @param text the text
     * @param from the first index
     * @param to   the end index (exclusive)
     * @return the range's length in bytes of UTF-8 (a lone surrogate counts 3, as the encoder's replacement does)
     */
    public static long length(CharSequence text, int from, int to) {
        long bytes = 0;
        for (int i = from; i < to; i++) {
            char c = text.charAt(i);
            if (c < 0x80) {
                bytes += 1;
            } else if (c < 0x800) {
                bytes += 2;
            } else if (Character.isHighSurrogate(c) && i + 1 < to && Character.isLowSurrogate(text.charAt(i + 1))) {
                bytes += 4;
                i++;
            } else {
                bytes += 3;
            }
        }
        return bytes;
    }
}
