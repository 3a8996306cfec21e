package dev.switchboard.plugin.storage.postgres.adapter.out.persistence;

import java.time.Duration;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.LongSupplier;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The operator's view of a database outage: two WARN lines per outage. One when the first connection-level failure is
 * seen, whichever of the storage's connections (the pool, the signal listener, the notifier) saw it (a lost or refused
 * connection, the server shutting down, no pooled connection in time); one when calls work again: the first answer
 * through the pool (a transaction, a read) that comes at least the settle time (the connect timeout) after the last
 * failure, saying how long it was gone (until the first answer after that last failure) and how many failures were
 * seen meanwhile. The listener and the notifier reconnecting end nothing: their own connections come back before the
 * pool refills, while calls still fail. Answers and
 * failures that alternate while a restart settles (a success that raced the shutdown, calls that waited for a
 * connection across the restart, the pool refilling) are one outage, not several. Everything in between is logged at
 * DEBUG by the parts themselves. Thread-safe.
 */
final class OutageLog {

    private static final Logger LOG = LoggerFactory.getLogger(OutageLog.class);

    private final String location;
    private final long settleNanos;
    private final LongSupplier nanoTime;
    private final Sink sink;
    private final ReentrantLock lock = new ReentrantLock();
    private volatile boolean down;
    private long since;
    private long lastFailure;
    private long firstAnswer;
    private boolean answeredSinceFailure;
    private long failures;

    /** Where the two lines go: SLF4J at WARN in production, a list in tests. */
    @FunctionalInterface
    interface Sink {
        void warn(String line);
    }

    /**
     * @param location the database, as shown to the operator (the URL without credentials)
     * @param settle   how long the database must go without a connection-level failure before an answer counts as
     *                 the end of the outage: the connect timeout, within which every call that began during the
     *                 outage has failed or succeeded
     */
    OutageLog(String location, Duration settle) {
        this(location, settle, System::nanoTime, LOG::warn);
    }

    OutageLog(String location, Duration settle, LongSupplier nanoTime, Sink sink) {
        this.location = location;
        this.settleNanos = settle.toNanos();
        this.nanoTime = nanoTime;
        this.sink = sink;
    }

    /**
     * Records a connection-level failure; the first one of an outage is logged.
     *
     * @param what   which part failed, such as {@code a transaction}
     * @param reason the driver's one-line reason (no credentials: pgjdbc never puts the password in a message)
     */
    void failed(String what, String reason) {
        lock.lock();
        try {
            failures++;
            lastFailure = nanoTime.getAsLong();
            answeredSinceFailure = false;
            if (!down) {
                down = true;
                since = lastFailure;
                sink.warn("PostgreSQL at " + location + " is unreachable (" + what + ": " + reason
                        + "); calls that need it answer UNAVAILABLE until it answers again");
            }
        } finally {
            lock.unlock();
        }
    }

    /**
     * Records that the database answered; the first answer at least the settle time after an outage's last failure
     * is logged as its end.
     */
    void answered() {
        if (!down) {
            return;
        }
        lock.lock();
        try {
            if (!down) {
                return;
            }
            long now = nanoTime.getAsLong();
            if (!answeredSinceFailure) {
                answeredSinceFailure = true;
                firstAnswer = now;
            }
            if (now - lastFailure >= settleNanos) {
                down = false;
                Duration gone = Duration.ofNanos(firstAnswer - since);
                sink.warn("PostgreSQL at " + location + " answers again after " + gone.toMillis()
                        + " ms (failures meanwhile: " + failures + ")");
                failures = 0;
            }
        } finally {
            lock.unlock();
        }
    }

    /** @return whether an outage is in progress (its end not logged yet) */
    boolean down() {
        return down;
    }
}
