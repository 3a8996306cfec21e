package dev.switchboard.ports.call;

/**
 * The cancellation signal of one call: set when the client sends {@code notifications/cancelled}, when its connection
 * goes away, or when the server shuts down. Implementations MUST be thread-safe.
 */
public interface Cancellation {

    /** A signal that is never raised, for calls made outside a client session (tests, the CLI). */
    Cancellation NONE = new Cancellation() {
        @Override
        public boolean isCancelled() {
            return false;
        }

        @Override
        public void onCancel(Runnable action) {
            // never cancelled, so the action never runs
        }
    };

    /** @return true once the call has been cancelled; never goes back to false */
    boolean isCancelled();

    /**
     * Registers an action to run once when the call is cancelled; it runs at once if the call already is.
     * Actions MUST be quick and MUST NOT throw; they run on the thread that raises the signal.
     *
     * @param action what to run, not null
     */
    void onCancel(Runnable action);
}
