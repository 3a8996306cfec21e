package dev.switchboard.plugin.transport.stdio;

import java.time.Duration;
import java.util.concurrent.Phaser;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Counts the requests whose answers are not yet written, so that the session can let them finish before it closes.
 * Thread-safe; {@link #awaitIdle} is called at the end only.
 */
final class InFlightRequests {

    /** One party stands for the session itself until it starts waiting; each request adds one while it runs. */
    private final Phaser phaser = new Phaser(1);

    private final AtomicBoolean sessionLeft = new AtomicBoolean();

    void begin() {
        phaser.register();
    }

    void end() {
        phaser.arriveAndDeregister();
    }

    /**
     * Waits for the running requests to end. May be called again after a timeout (to give cancelled requests time to
     * answer); the session stops counting as a party on the first call.
     *
     * @return true if every request ended within the limit
     */
    boolean awaitIdle(Duration limit) {
        int phase = sessionLeft.compareAndSet(false, true) ? phaser.arriveAndDeregister() : phaser.getPhase();
        if (phase < 0) {
            return true;
        }
        try {
            phaser.awaitAdvanceInterruptibly(phase, limit.toMillis(), TimeUnit.MILLISECONDS);
            return true;
        } catch (TimeoutException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
