package dev.switchboard.plugin.transport.stdio;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

import dev.switchboard.bridge.mcp.transport.RefusalIds;

/**
 * Reads newline-delimited lines as bytes (a trailing CR is dropped) with a size limit; the decoder checks that they
 * are UTF-8, so bad bytes are a parse error rather than silently replaced. Not thread-safe: used by the thread holding
 * the reading role, one at a time.
 */
final class LineReader {

    /** Thrown after an over-long line has been skipped up to its end, so reading can go on. */
    static final class OversizedLineException extends IOException {
        private static final long serialVersionUID = 1L;

        private final transient byte[] prefix;

        OversizedLineException(int limit, byte[] prefix) {
            super("Invalid Request: the message is larger than " + limit + " bytes, the most this transport reads;"
                    + " it was skipped");
            this.prefix = prefix;
        }

        /** @return the line's first bytes (at most {@link #PREFIX_BYTES}), where its id may still be found */
        byte[] prefix() {
            return prefix.clone();
        }
    }

    /** How many bytes of an over-long line are kept to find its id. */
    static final int PREFIX_BYTES = RefusalIds.PREFIX_BYTES;

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
     * @return the next line's bytes without its terminator, or null at the end of input (a last line without newline
     *         is still returned)
     * @throws OversizedLineException if the line was longer than the limit (it has been skipped)
     * @throws IOException            if reading fails
     */
    byte[] readLine() throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        byte[] prefix = null;
        boolean oversized = false;
        boolean sawBytes = false;
        while (true) {
            if (position == limit && !fill()) {
                return sawBytes ? finish(line, prefix) : null;
            }
            sawBytes = true;
            int newline = indexOfNewline();
            int end = newline < 0 ? limit : newline;
            if (!oversized && line.size() + (end - position) > maxBytes) {
                oversized = true;
                line.write(buffer, position, Math.min(end - position, PREFIX_BYTES));
                byte[] start = line.toByteArray();
                prefix = Arrays.copyOf(start, Math.min(start.length, PREFIX_BYTES));
                line.reset();
            }
            if (!oversized) {
                line.write(buffer, position, end - position);
            }
            position = newline < 0 ? limit : newline + 1;
            if (newline >= 0) {
                return finish(line, prefix);
            }
        }
    }

    private byte[] finish(ByteArrayOutputStream line, byte[] oversizedPrefix) throws OversizedLineException {
        if (oversizedPrefix != null) {
            throw new OversizedLineException(maxBytes, oversizedPrefix);
        }
        byte[] bytes = line.toByteArray();
        return bytes.length > 0 && bytes[bytes.length - 1] == '\r' ? Arrays.copyOf(bytes, bytes.length - 1) : bytes;
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
