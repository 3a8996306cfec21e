package dev.switchboard.plugin.transport.http;

import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.function.LongSupplier;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.helidon.http.Headers;
import io.helidon.http.HttpPrologue;
import io.helidon.webserver.ConnectionContext;
import io.helidon.webserver.http1.Http1ConnectionListener;

/**
 * The header and body timeouts, which Helidon does not have: a connection whose request stalls while its header lines
 * or its body arrive is closed. Helidon serves each HTTP/1.1 connection on a virtual thread of its own, which reads
 * the request and runs the handler; a deadline is kept per such thread and, once passed, the thread is interrupted,
 * which closes its socket (a virtual thread blocked in a socket read is woken with a {@code SocketException} and the
 * socket closed), so the connection ends without a line in the log.
 *
 * <p>The header deadline starts when Helidon has read a request line ({@link #prologue}) and ends when it has read the
 * headers ({@link #headers}); the body deadline covers {@link BodyReader#read}. Waiting for a request line is
 * Helidon's own idle timeout. {@link #sweep} runs on the transport's sweeper. Thread-safe.
 */
final class ConnectionDeadlines implements Http1ConnectionListener {

    private static final Logger LOG = LoggerFactory.getLogger(ConnectionDeadlines.class);

    private final ConcurrentMap<Thread, Long> deadlines = new ConcurrentHashMap<>();
    private final long headerNanos;
    private final long bodyNanos;
    private final LongSupplier nanoClock;

    ConnectionDeadlines(HttpSettings.WireTimeouts timeouts, LongSupplier nanoClock) {
        this.headerNanos = timeouts.header().toNanos();
        this.bodyNanos = timeouts.body().toNanos();
        this.nanoClock = nanoClock;
    }

    /** @return how often {@link #sweep} should run: a quarter of the shorter timeout, from 10 ms to 1 s */
    static Duration sweepPeriod(HttpSettings.WireTimeouts timeouts) {
        long shorter = Math.min(timeouts.header().toMillis(), timeouts.body().toMillis());
        return Duration.ofMillis(Math.clamp(shorter / 4, 10L, 1_000L));
    }

    @Override
    public void prologue(ConnectionContext ctx, HttpPrologue prologue) {
        deadlines.put(Thread.currentThread(), nanoClock.getAsLong() + headerNanos);
    }

    @Override
    public void headers(ConnectionContext ctx, Headers headers) {
        deadlines.remove(Thread.currentThread());
    }

    /** Starts the body deadline of the calling (connection) thread; {@link #bodyRead()} ends it. */
    void readingBody() {
        deadlines.put(Thread.currentThread(), nanoClock.getAsLong() + bodyNanos);
    }

    /** Ends the calling thread's body deadline. */
    void bodyRead() {
        deadlines.remove(Thread.currentThread());
    }

    /** Interrupts every connection thread whose deadline has passed, which closes its socket. Never throws. */
    void sweep() {
        long now = nanoClock.getAsLong();
        deadlines.forEach((thread, deadline) -> {
            if (now - deadline >= 0 && deadlines.remove(thread, deadline)) {
                LOG.debug("closing a connection whose request head or body stalled past its timeout");
                thread.interrupt();
            }
        });
    }
}
