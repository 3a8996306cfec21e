package dev.switchboard.plugin.workspace.domain;

/**
 * The part of a text that {@code read} shows: lines {@code offset..offset+limit-1} (1-based), with a hint naming the
 * next offset when lines remain. Stateless.
 */
public final class LineWindow {

    /** Lines shown when no limit is given. */
    public static final int DEFAULT_LIMIT = 2000;

    private LineWindow() {}

    /**
     * @param text   the whole text (LF or CRLF)
     * @param offset the first line to show, 1-based, or null for 1
     * @param limit  how many lines, or null for {@link #DEFAULT_LIMIT}
     * @return the shown lines, followed by a continuation hint when the window stops before the end
     * @throws WorkspaceException {@link Code#EXECUTION_FAILED} when the offset lies beyond the end
     */
    public static String of(String text, Integer offset, Integer limit) {
        String[] lines = text.split("\n", -1);
        int total = text.endsWith("\n") ? lines.length - 1 : lines.length;
        int first = offset == null ? 1 : offset;
        int count = limit == null ? DEFAULT_LIMIT : limit;
        if (first > Math.max(total, 1)) {
            throw new WorkspaceException(
                    Code.EXECUTION_FAILED, "offset " + first + " is beyond the end of the file (" + total + " lines)");
        }
        int last = Math.min(total, first - 1 + count);
        StringBuilder out = new StringBuilder();
        for (int i = first - 1; i < last; i++) {
            if (i > first - 1) {
                out.append('\n');
            }
            out.append(lines[i]);
        }
        if (last < total) {
            out.append("\n\n[Showing lines ")
                    .append(first)
                    .append('-')
                    .append(last)
                    .append(" of ")
                    .append(total)
                    .append(". Use offset=")
                    .append(last + 1)
                    .append(" to continue.]");
        }
        return out.toString();
    }
}
