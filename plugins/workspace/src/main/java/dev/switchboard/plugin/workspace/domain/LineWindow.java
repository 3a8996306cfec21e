package dev.switchboard.plugin.workspace.domain;

/**
 * The part of a text that {@code read} shows: lines {@code offset..offset+limit-1} (1-based), at most
 * {@link ShownBytes#MAX} bytes of UTF-8 of them, with a hint naming the next offset when lines remain. A first line
 * longer than the cap is shown cut at the cap, with a hint naming the bash command that reads on from the byte where
 * it was cut. The text is walked by index: no line is copied beyond what is shown. Stateless.
 */
public final class LineWindow {

    /** Lines shown when no limit is given. */
    public static final int DEFAULT_LIMIT = 2000;

    private LineWindow() {}

    /**
     * The window of {@link #of(String, Integer, Integer, String, int, int)} under the real cap, for a text without a
     * BOM whose path the hint shows as {@code FILE}.
     *
     * @param text   the whole text, LF line ends
     * @param offset the first line to show, 1-based, or null for 1
     * @param limit  how many lines, or null for {@link #DEFAULT_LIMIT}
     * @return the shown lines, followed by a continuation hint when the window stops before the end
     * @throws WorkspaceException {@link Code#EXECUTION_FAILED} when the offset lies beyond the end
     */
    public static String of(String text, Integer offset, Integer limit) {
        return of(text, offset, limit, "FILE", 0, ShownBytes.MAX);
    }

    /**
     * @param text     the whole text, LF line ends
     * @param offset   the first line to show, 1-based, or null for 1
     * @param limit    how many lines, or null for {@link #DEFAULT_LIMIT}
     * @param path     the file, as the hint for a cut line names it
     * @param bomBytes the bytes of a byte-order mark the file has before its text (0 or 3): the hint's byte offset in
     *                 line 1 counts them, as {@code sed} sees them
     * @param maxBytes the most bytes of UTF-8 shown, hints aside, 1 and up
     * @return the shown lines, followed by a hint when the window stops before its last line: the next offset, or for
     *     a first line cut by the cap, its byte where the cut was and a bash command that shows what follows
     * @throws WorkspaceException {@link Code#EXECUTION_FAILED} when the offset lies beyond the end
     */
    public static String of(String text, Integer offset, Integer limit, String path, int bomBytes, int maxBytes) {
        int lines = 1;
        for (int lf = text.indexOf('\n'); lf >= 0; lf = text.indexOf('\n', lf + 1)) {
            lines++;
        }
        int total = text.endsWith("\n") ? lines - 1 : lines;
        int first = offset == null ? 1 : offset;
        int count = limit == null ? DEFAULT_LIMIT : limit;
        if (first > Math.max(total, 1)) {
            throw new WorkspaceException(
                    Code.EXECUTION_FAILED, "offset " + first + " is beyond the end of the file (" + total + " lines)");
        }
        int last = (int) Math.min(total, first - 1L + count);
        int start = 0;
        for (int line = 1; line < first; line++) {
            start = text.indexOf('\n', start) + 1;
        }
        StringBuilder out = new StringBuilder();
        long used = 0;
        int shown = first - 1;
        boolean capped = false;
        for (int line = first; line <= last; line++) {
            int end = text.indexOf('\n', start);
            end = end < 0 ? text.length() : end;
            long budget = maxBytes - used - (line > first ? 1 : 0);
            int fits = ShownBytes.fit(text, start, end, Math.max(budget, 0));
            if (fits < end) {
                if (line == first) {
                    out.append(text, start, fits);
                    return out.append(cutLine(
                                    text,
                                    line,
                                    start,
                                    fits,
                                    end,
                                    line < total,
                                    path,
                                    line == 1 ? bomBytes : 0,
                                    maxBytes))
                            .toString();
                }
                capped = true;
                break;
            }
            if (line > first) {
                out.append('\n');
            }
            out.append(text, start, end);
            used += ShownBytes.length(text, start, end) + (line > first ? 1 : 0);
            shown = line;
            start = end + 1;
        }
        if (shown < total) {
            out.append("\n\n[Showing lines ")
                    .append(first)
                    .append('-')
                    .append(shown)
                    .append(" of ")
                    .append(total)
                    .append(capped ? " (the " + maxBytes + "-byte answer cap)" : "")
                    .append(". Use offset=")
                    .append(shown + 1)
                    .append(" to continue.]");
        }
        return out.toString();
    }

    private static String cutLine(
            String text, int line, int start, int cut, int end, boolean more, String path, int bomBytes, int maxBytes) {
        long shownBytes = bomBytes + ShownBytes.length(text, start, cut);
        long lineBytes = shownBytes + ShownBytes.length(text, cut, end);
        return "\n\n[Line " + line + " is cut at byte " + shownBytes + " of its " + lineBytes + " (the " + maxBytes
                + "-byte answer cap). Read on with bash: sed -n '" + line + "p' " + quoted(path) + " | tail -c +"
                + (shownBytes + 1) + " | head -c " + maxBytes + (more ? "; the next line is offset=" + (line + 1) : "")
                + ".]";
    }

    /** @return the path in single quotes for a POSIX shell */
    private static String quoted(String path) {
        return "'" + path.replace("'", "'\\''") + "'";
    }
}
