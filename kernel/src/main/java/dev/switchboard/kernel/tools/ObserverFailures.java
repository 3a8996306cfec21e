package dev.switchboard.kernel.tools;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.switchboard.ports.observe.ToolCallObserver;

/**
 * Logs observers' failures without letting a broken observer flood the log: the first failure of each observer with
 * its stack trace, later ones as at most one line a minute saying how many there were since. Thread-safe.
 */
final class ObserverFailures {

    private static final Logger LOG = LoggerFactory.getLogger(ObserverFailures.class);
    static final long INTERVAL_NANOS = TimeUnit.MINUTES.toNanos(1);

    private final Map<ToolCallObserver, Tally> tallies = new ConcurrentHashMap<>();
    private final LongSupplier clock;

    ObserverFailures() {
        this(System::nanoTime);
    }

    ObserverFailures(LongSupplier clock) {
        this.clock = clock;
    }

    /** @return whether this failure was written to the log (for tests) */
    boolean report(String owner, ToolCallObserver observer, RuntimeException failure) {
        long now = clock.getAsLong();
        Tally tally = tallies.computeIfAbsent(observer, o -> new Tally(now));
        if (tally.seen.compareAndSet(false, true)) {
            LOG.error(
                    "tool-call observer {} of plugin {} failed; the call went on (later failures of this observer"
                            + " are counted, at most one line a minute)",
                    observer.getClass().getName(),
                    owner,
                    failure);
            return true;
        }
        tally.unlogged.incrementAndGet();
        long last = tally.lastLogged.get();
        if (now - last >= INTERVAL_NANOS && tally.lastLogged.compareAndSet(last, now)) {
            LOG.error(
                    "tool-call observer {} of plugin {} failed {} more times; the calls went on; last: {}",
                    observer.getClass().getName(),
                    owner,
                    tally.unlogged.getAndSet(0),
                    failure.toString());
            return true;
        }
        return false;
    }

    private static final class Tally {
        final AtomicBoolean seen = new AtomicBoolean();
        final AtomicLong lastLogged;
        final AtomicLong unlogged = new AtomicLong();

        Tally(long now) {
            lastLogged = new AtomicLong(now);
        }
    }
}
