package dev.switchboard.ports.signal;

import java.time.Duration;

/**
 * One open subscription to a topic of {@link ChangeSignals}. Thread-safe.
 */
public interface SignalSubscription extends AutoCloseable {

    /** @return the topic subscribed to */
    String topic();

    /**
     * Waits until a signal of the topic has arrived since the subscription was made or since the previous
     * {@code await} that returned {@code true}, or until the timeout. A signal that arrived before the call returns at
     * once. Usable on listener subscriptions too.
     *
     * @param timeout how long to wait at most; zero or negative only checks
     * @return true if a signal arrived (and is now consumed); false if the time ran out, the subscription is closed, or
     *         the thread is interrupted (then at once, with its interrupt status kept set, so the caller's loop ends)
     */
    boolean await(Duration timeout);

    /** @return false once {@link #close()} ran or the storage closed */
    boolean isOpen();

    /**
     * Stops delivery: no listener call starts afterwards (one already running finishes), and a thread blocked in
     * {@link #await} returns {@code false}. Idempotent.
     */
    @Override
    void close();
}
