package dev.switchboard.plugin.transport.stdio;

import java.time.Duration;
import java.util.concurrent.Phaser;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Counts the requests whose answers are not yet written, so that the session can let them finish before it closes.
 * Thread-safe; {@link #awaitIdle} is called once, at the end.
 */
final class InFlightRequests {

    /** One party stands for the session itself until it starts waiting; each request adds one while it runs. */
    private final Phaser phaser = new Phaser(1);

    void begin() {
        phaser.register();
    }

    void end() {
        phaser.arriveAndDeregister();
    }

    /** @return true if every request ended within the limit */
    boolean awaitIdle(Duration limit) {
        int phase = phaser.arriveAndDeregister();
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
