package dev.switchboard.bridge.mcp;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Runs a pass on a virtual thread when asked, never on the asking thread; requests that arrive while a pass runs are
 * coalesced into one more pass, so a burst of reports costs at most two passes. With a spacing, a pass asked for
 * within that time after the previous pass ended waits for the rest of it, so a steady stream of reports (a publish
 * every few milliseconds, each changing the resource list) costs one pass per spacing instead of one per report; a
 * report after a quiet spell is passed on at once. Used by the list syncs that keep the SDK server's registrations
 * equal to the kernel's catalogs. Thread-safe.
 */
final class CoalescedPasses {

    private final String threadName;
    private final Runnable pass;
    private final long spacingNanos;
    private final AtomicBoolean requested = new AtomicBoolean();
    private final AtomicBoolean running = new AtomicBoolean();
    /**
     * When the last pass ended ({@link System#nanoTime}), and whether there was one: only the running drain reads and
     * writes them (one drain at a time; {@link #running} orders one drain's writes before the next one's reads).
     */
    private long lastEnded;

    private boolean passedBefore;

    /**
     * @param threadName the name of the virtual thread a pass runs on
     * @param pass       the pass; it must not throw (a sync logs its own failures)
     */
    CoalescedPasses(String threadName, Runnable pass) {
        this(threadName, pass, Duration.ZERO);
    }

    /**
     * @param threadName the name of the virtual thread a pass runs on
     * @param pass       the pass; it must not throw (a sync logs its own failures)
     * @param spacing    the least time from the end of one pass to the start of the next; zero for none
     */
    CoalescedPasses(String threadName, Runnable pass, Duration spacing) {
        this.threadName = threadName;
        this.pass = pass;
        this.spacingNanos = spacing.toNanos();
    }

    /** Asks for a pass; returns at once. */
    void request() {
        requested.set(true);
        if (running.compareAndSet(false, true)) {
            Thread.ofVirtual().name(threadName).start(this::drain);
        }
    }

    private void drain() {
        try {
            while (requested.get()) {
                if (!waitForSpacing()) {
                    return;
                }
                requested.set(false);
                pass.run();
                lastEnded = System.nanoTime();
                passedBefore = true;
            }
        } finally {
            running.set(false);
            if (requested.get()) {
                request();
            }
        }
    }

    /** @return false if interrupted while waiting (the pass is left for a later request) */
    private boolean waitForSpacing() {
        if (spacingNanos == 0 || !passedBefore) {
            return true;
        }
        long wait = lastEnded + spacingNanos - System.nanoTime();
        if (wait <= 0) {
            return true;
        }
        try {
            Thread.sleep(Duration.ofNanos(wait));
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
