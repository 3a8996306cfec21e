package dev.switchboard.plugin.workspace.application;

import java.util.Arrays;

/**
 * A text's lines as offsets into it, without line strings: one more line than there are LFs (as
 * {@code split("\\r?\\n", -1)} counts), each ending before its LF or CRLF. Immutable.
 */
final class TextLines {

    private final String text;
    private final int[] starts;

    private TextLines(String text, int[] starts) {
        this.text = text;
        this.starts = starts;
    }

    static TextLines of(String text) {
        int[] starts = new int[32];
        int count = 1;
        for (int lf = text.indexOf('\n'); lf >= 0; lf = text.indexOf('\n', lf + 1)) {
            if (count == starts.length) {
                starts = Arrays.copyOf(starts, count * 2);
            }
            starts[count++] = lf + 1;
        }
        return new TextLines(text, Arrays.copyOf(starts, count));
    }

    /** @return the number of lines */
    int count() {
        return starts.length;
    }

    /** @return where line {@code i} (0-based) starts */
    int start(int i) {
        return starts[i];
    }

    /** @return where line {@code i} ends, before its LF or CRLF */
    int end(int i) {
        if (i + 1 == starts.length) {
            return text.length();
        }
        int end = starts[i + 1] - 1;
        return end > starts[i] && text.charAt(end - 1) == '\r' ? end - 1 : end;
    }

    /** @return line {@code i} without its line break */
    String line(int i) {
        return text.substring(start(i), end(i));
    }
}
