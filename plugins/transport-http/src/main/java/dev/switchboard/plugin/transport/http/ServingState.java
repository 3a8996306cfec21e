package dev.switchboard.plugin.transport.http;

import java.time.Duration;

/**
 * Whether the transport still takes new MCP requests, and how many requests are being answered now, so that
 * shutdown can stop taking new ones and then wait for the running ones. Thread-safe.
 */
final class ServingState {

    private boolean stopping;
    private int running;

    /** @return whether shutdown has begun; health checks then answer 503 */
    synchronized boolean stopping() {
        return stopping;
    }

    /** Refuses new requests from now on. Idempotent. */
    synchronized void beginStopping() {
        stopping = true;
    }

    /** @return false when shutdown has begun (the request must be refused); otherwise the request counts as running */
    synchronized boolean enter() {
        if (stopping) {
            return false;
        }
        running++;
        return true;
    }

    /** Ends a request that {@link #enter()} admitted. */
    synchronized void exit() {
        running--;
        if (running == 0) {
            notifyAll();
        }
    }

    /** @return whether no request was running any more within the limit */
    synchronized boolean awaitIdle(Duration limit) {
        long deadline = System.nanoTime() + limit.toNanos();
        try {
            while (running > 0) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return false;
                }
                wait(Math.max(1, left / 1_000_000));
            }
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return running == 0;
        }
    }
}
