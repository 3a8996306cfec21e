package dev.switchboard.plugin.workspace.domain;

import java.util.Arrays;

/**
 * Where a text's CRLF line ends are, so that offsets into its LF form ({@link TextFormat#toLf}) map back to offsets
 * into the text itself, and which line end it uses more often. Immutable.
 */
final class LineEnds {

    /** LF-form offsets of the LFs that were CRLF, ascending. */
    private final int[] crlfAt;

    private final boolean mostlyCrlf;

    private LineEnds(int[] crlfAt, boolean mostlyCrlf) {
        this.crlfAt = crlfAt;
        this.mostlyCrlf = mostlyCrlf;
    }

    /** @param raw a text whose line ends may mix CRLF and LF */
    static LineEnds of(String raw) {
        int[] at = new int[16];
        int count = 0;
        int lf = 0;
        for (int i = raw.indexOf('\n'); i >= 0; i = raw.indexOf('\n', i + 1)) {
            if (i > 0 && raw.charAt(i - 1) == '\r') {
                if (count == at.length) {
                    at = Arrays.copyOf(at, count * 2);
                }
                at[count] = i - count - 1;
                count++;
            } else {
                lf++;
            }
        }
        return new LineEnds(Arrays.copyOf(at, count), count > lf);
    }

    /**
     * @param lfOffset an offset into the LF form
     * @return the offset into the text: before the CR of a CRLF whose LF is at {@code lfOffset}
     */
    int rawOffset(int lfOffset) {
        int found = Arrays.binarySearch(crlfAt, lfOffset);
        int before = found >= 0 ? found : -found - 1;
        return lfOffset + before;
    }

    /**
     * @param lfReplacement replacement text with LF line ends
     * @param raw           the text
     * @param start         the replaced region's start in {@code raw}
     * @param end           its end (exclusive)
     * @return the replacement with the region's line ends: CRLF when the region held a CRLF, LF when it held only LF,
     *         otherwise the text's more common one
     */
    String styled(String lfReplacement, String raw, int start, int end) {
        String region = raw.substring(start, end);
        boolean crlf = region.contains("\r\n") || (!region.contains("\n") && mostlyCrlf);
        return crlf ? lfReplacement.replace("\n", "\r\n") : lfReplacement;
    }
}
