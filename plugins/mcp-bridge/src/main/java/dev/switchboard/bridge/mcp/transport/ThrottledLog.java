package dev.switchboard.bridge.mcp.transport;

import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * At most one log line per interval, however often something happens: the first line goes out at once, the ones
 * within the interval after it are counted, and the next line that goes out says how many were not logged. For
 * what clients can cause at any rate (their mistakes, requests during a storage outage), so that they cannot flood
 * the log. Thread-safe.
 */
public final class ThrottledLog {

    /** The default least time between two lines: 10 s. */
    public static final long DEFAULT_INTERVAL_MILLIS = 10_000;

    /** Where the lines go: SLF4J at some level in production, a list in tests. */
    @FunctionalInterface
    public interface Sink {
        /** @param line one line, without a stack trace */
        void line(String line);
    }

    private final long intervalNanos;
    private final Sink sink;
    private final LongSupplier nanoTime;
    private final AtomicLong nextAllowed = new AtomicLong(Long.MIN_VALUE);
    private final AtomicLong suppressed = new AtomicLong();

    /**
     * @param intervalMillis the least time between two lines, in milliseconds
     * @param sink           where the lines go
     */
    public ThrottledLog(long intervalMillis, Sink sink) {
        this(intervalMillis, sink, System::nanoTime);
    }

    ThrottledLog(long intervalMillis, Sink sink, LongSupplier nanoTime) {
        this.intervalNanos = intervalMillis * 1_000_000L;
        this.sink = sink;
        this.nanoTime = nanoTime;
    }

    /**
     * Logs {@code line}, unless a line went out less than the interval ago (then it is only counted).
     *
     * @param line what happened, without secrets or client data
     */
    public void line(String line) {
        long now = nanoTime.getAsLong();
        long allowed = nextAllowed.get();
        if ((allowed != Long.MIN_VALUE && now - allowed < 0)
                || !nextAllowed.compareAndSet(allowed, now + intervalNanos)) {
            suppressed.incrementAndGet();
            return;
        }
        long skipped = suppressed.getAndSet(0);
        sink.line(skipped > 0 ? line + " (" + skipped + " more like it not logged)" : line);
    }
}
