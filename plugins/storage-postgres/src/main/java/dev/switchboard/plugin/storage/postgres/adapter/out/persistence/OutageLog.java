package dev.switchboard.plugin.storage.postgres.adapter.out.persistence;

import java.time.Duration;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.LongSupplier;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The operator's view of a database outage: one WARN line when the first connection-level failure is seen (a lost or
 * refused connection, the server shutting down, no pooled connection in time) and one when the database answers again,
 * with how long it was gone and how many failures were seen meanwhile, whichever of the storage's connections (the
 * pool, the signal listener, the notifier) saw them. Everything in between is logged at DEBUG by the parts themselves.
 * Thread-safe.
 */
final class OutageLog {

    private static final Logger LOG = LoggerFactory.getLogger(OutageLog.class);

    private final String location;
    private final LongSupplier nanoTime;
    private final Sink sink;
    private final ReentrantLock lock = new ReentrantLock();
    private volatile boolean down;
    private long since;
    private long failures;

    /** Where the two lines go: SLF4J at WARN in production, a list in tests. */
    @FunctionalInterface
    interface Sink {
        void warn(String line);
    }

    /** @param location the database, as shown to the operator (the URL without credentials) */
    OutageLog(String location) {
        this(location, System::nanoTime, LOG::warn);
    }

    OutageLog(String location, LongSupplier nanoTime, Sink sink) {
        this.location = location;
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
            if (!down) {
                down = true;
                since = nanoTime.getAsLong();
                sink.warn("PostgreSQL at " + location + " is unreachable (" + what + ": " + reason
                        + "); calls that need it answer UNAVAILABLE until it answers again");
            }
        } finally {
            lock.unlock();
        }
    }

    /** Records that the database answered; the first answer after an outage is logged. */
    void answered() {
        if (!down) {
            return;
        }
        lock.lock();
        try {
            if (down) {
                down = false;
                Duration gone = Duration.ofNanos(nanoTime.getAsLong() - since);
                sink.warn("PostgreSQL at " + location + " answers again after " + gone.toMillis()
                        + " ms (failures meanwhile: " + failures + ")");
                failures = 0;
            }
        } finally {
            lock.unlock();
        }
    }

    /** @return whether an outage is in progress */
    boolean down() {
        return down;
    }
}
