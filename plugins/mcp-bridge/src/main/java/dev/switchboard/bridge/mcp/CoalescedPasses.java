package dev.switchboard.bridge.mcp;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Runs a pass on a virtual thread when asked, never on the asking thread; requests that arrive while a pass runs are
 * coalesced into one more pass, so a burst of reports costs at most two passes. Used by the list syncs that keep the
 * SDK server's registrations equal to the kernel's catalogs. Thread-safe.
 */
final class CoalescedPasses {

    private final String threadName;
    private final Runnable pass;
    private final AtomicBoolean requested = new AtomicBoolean();
    private final AtomicBoolean running = new AtomicBoolean();

    /**
     * @param threadName the name of the virtual thread a pass runs on
     * @param pass       the pass; it must not throw (a sync logs its own failures)
     */
    CoalescedPasses(String threadName, Runnable pass) {
        this.threadName = threadName;
        this.pass = pass;
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
            while (requested.getAndSet(false)) {
                pass.run();
            }
        } finally {
            running.set(false);
            if (requested.get()) {
                request();
            }
        }
    }
}
