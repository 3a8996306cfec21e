package dev.switchboard.attach;

import java.io.IOException;
import java.io.InputStream;

/**
 * Splits a byte stream into newline-terminated lines without copying or decoding them: {@link #next()} exposes each
 * line as a range of an internal buffer, valid until the next call. The buffer starts at 64 KiB, doubles for a longer
 * line (the only copy of it) and goes back to 64 KiB once that line is consumed. A last line without a line end is
 * returned too. Not thread-safe: one reader thread.
 */
final class LineReader {

    private static final int INITIAL = 64 * 1024;

    private final InputStream in;
    private byte[] buffer = new byte[INITIAL];
    private int start;
    private int end;
    private int lineStart;
    private int lineLength;

    /** @param in the stream; read in chunks of up to the buffer's free space */
    LineReader(InputStream in) {
        this.in = in;
    }

    /**
     * Advances to the next line.
     *
     * @return false at the end of the stream
     * @throws IOException if reading fails
     */
    boolean next() throws IOException {
        int scanned = 0;
        while (true) {
            for (int i = start + scanned; i < end; i++) {
                if (buffer[i] == '\n') {
                    lineStart = start;
                    lineLength = i - start;
                    start = i + 1;
                    return true;
                }
            }
            scanned = end - start;
            if (!fill()) {
                if (end > start) {
                    lineStart = start;
                    lineLength = end - start;
                    start = end;
                    return true;
                }
                return false;
            }
        }
    }

    /** Reads more bytes, first making room; false at the end of the stream. */
    private boolean fill() throws IOException {
        if (start == end && buffer.length > INITIAL) {
            // a long line is done with: its buffer goes, so that one large message is not kept for the session
            buffer = new byte[INITIAL];
            start = 0;
            end = 0;
        } else if (start > 0) {
            System.arraycopy(buffer, start, buffer, 0, end - start);
            end -= start;
            start = 0;
        }
        if (end == buffer.length) {
            byte[] larger = new byte[buffer.length * 2];
            System.arraycopy(buffer, 0, larger, 0, end);
            buffer = larger;
        }
        int read = in.read(buffer, end, buffer.length - end);
        if (read < 0) {
            return false;
        }
        end += read;
        return true;
    }

    /** @return the buffer holding the current line */
    byte[] buffer() {
        return buffer;
    }

    /** @return where the current line starts in {@link #buffer()} */
    int offset() {
        return lineStart;
    }

    /** @return the current line's length, without its line end (a trailing carriage return is kept) */
    int length() {
        return lineLength;
    }

    /** @return whether a whole further line is already buffered (so output can wait to be flushed) */
    boolean hasBufferedLine() {
        for (int i = start; i < end; i++) {
            if (buffer[i] == '\n') {
                return true;
            }
        }
        return false;
    }

    /** @return whether the current line holds only whitespace */
    boolean isBlank() {
        for (int i = lineStart; i < lineStart + lineLength; i++) {
            byte b = buffer[i];
            if (b != ' ' && b != '\t' && b != '\r') {
                return false;
            }
        }
        return true;
    }
}
