package dev.switchboard.plugin.mailbox.hook.adapter.out.remote;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.SocketTimeoutException;

/**
 * An answer's body read under a deadline and a size bound: every read first checks the deadline (a server that drips
 * its body a byte at a time never reaches the socket's read timeout) and counts the bytes. Not thread-safe: one
 * reader.
 */
final class DeadlineInputStream extends FilterInputStream {

    private final long deadlineNanos;
    private final long maxBytes;
    private long read;

    /**
     * @param in            the body
     * @param deadlineNanos when reading must be over, on {@link System#nanoTime()}'s scale
     * @param maxBytes      the most bytes the body may have
     */
    DeadlineInputStream(InputStream in, long deadlineNanos, long maxBytes) {
        super(in);
        this.deadlineNanos = deadlineNanos;
        this.maxBytes = maxBytes;
    }

    /** @throws SocketTimeoutException if the deadline has passed, {@link AnswerTooLarge} past the size bound */
    @Override
    public int read() throws IOException {
        check();
        int b = super.read();
        count(b < 0 ? 0 : 1);
        return b;
    }

    /** @throws SocketTimeoutException if the deadline has passed, {@link AnswerTooLarge} past the size bound */
    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
        check();
        int n = super.read(buffer, offset, length);
        count(Math.max(n, 0));
        return n;
    }

    @Override
    public long skip(long n) throws IOException {
        check();
        long skipped = super.skip(n);
        count(skipped);
        return skipped;
    }

    private void check() throws SocketTimeoutException {
        if (System.nanoTime() - deadlineNanos >= 0) {
            throw new SocketTimeoutException("no answer within the timeout");
        }
    }

    private void count(long n) throws AnswerTooLarge {
        read += n;
        if (read > maxBytes) {
            throw new AnswerTooLarge(maxBytes);
        }
    }

    /** The body is longer than the bound. */
    static final class AnswerTooLarge extends IOException {

        private static final long serialVersionUID = 1L;

        AnswerTooLarge(long maxBytes) {
            super("the answer is longer than " + maxBytes + " bytes");
        }
    }
}
