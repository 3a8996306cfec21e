package dev.switchboard.plugin.transport.stdio;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * Reads newline-delimited UTF-8 lines (a trailing CR is dropped) with a size limit. Bytes that are not valid UTF-8
 * become U+FFFD. Not thread-safe: used by the thread holding the reading role, one at a time.
 */
final class LineReader {

    /** Thrown after an over-long line has been skipped up to its end, so reading can go on. */
    static final class OversizedLineException extends IOException {
        private static final long serialVersionUID = 1L;

        OversizedLineException(int limit) {
            super("a message exceeded " + limit + " bytes and was skipped");
        }
    }

    private final InputStream in;
    private final int maxBytes;
    private final byte[] buffer = new byte[64 * 1024];
    private int position;
    private int limit;

    LineReader(InputStream in, int maxBytes) {
        this.in = in;
        this.maxBytes = maxBytes;
    }

    /**
     * @return the next line without its terminator, or null at the end of input (a last line without newline is
     *         still returned)
     * @throws OversizedLineException if the line was longer than the limit (it has been skipped)
     * @throws IOException            if reading fails
     */
    String readLine() throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        boolean oversized = false;
        boolean sawBytes = false;
        while (true) {
            if (position == limit && !fill()) {
                return end(line, oversized, sawBytes);
            }
            sawBytes = true;
            int newline = indexOfNewline();
            int end = newline < 0 ? limit : newline;
            if (!oversized && line.size() + (end - position) > maxBytes) {
                oversized = true;
                line.reset();
            }
            if (!oversized) {
                line.write(buffer, position, end - position);
            }
            position = newline < 0 ? limit : newline + 1;
            if (newline >= 0) {
                return finish(line, oversized);
            }
        }
    }

    private String end(ByteArrayOutputStream line, boolean oversized, boolean sawBytes) throws IOException {
        return sawBytes ? finish(line, oversized) : null;
    }

    private String finish(ByteArrayOutputStream line, boolean oversized) throws OversizedLineException {
        if (oversized) {
            throw new OversizedLineException(maxBytes);
        }
        byte[] bytes = line.toByteArray();
        int length = bytes.length > 0 && bytes[bytes.length - 1] == '\r' ? bytes.length - 1 : bytes.length;
        return new String(bytes, 0, length, StandardCharsets.UTF_8);
    }

    private boolean fill() throws IOException {
        int read = in.read(buffer);
        position = 0;
        limit = Math.max(read, 0);
        return read > 0;
    }

    private int indexOfNewline() {
        for (int i = position; i < limit; i++) {
            if (buffer[i] == '\n') {
                return i;
            }
        }
        return -1;
    }
}
