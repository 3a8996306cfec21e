package dev.switchboard.ports.transport;

/** The kernel's side of a transport's lifecycle. Thread-safe. */
public interface TransportLifecycle {

    /**
     * Tells the kernel that the transport has ended for good on its own (stdin reached EOF), after writing every
     * answer it owed. The kernel then shuts the server down and exits with status 0 (unless the operator asked the
     * other transports to keep serving: then once no transport is left).
     *
     * @param transportId the transport's {@link Transport#id()}
     */
    void ended(String transportId);

    /**
     * Tells the kernel that an operator asked, through this transport, for the whole server to stop (the attach
     * socket's {@code stop}, which {@code switchboard server stop} sends). The kernel then shuts every transport down
     * and exits with status 0, as on {@code SIGTERM}, whether or not the other transports were asked to keep serving.
     * Returns at once; the transports are stopped from another thread.
     *
     * <p>The default, for a lifecycle written before this method, treats the request as {@link #ended(String)}.
     *
     * @param transportId the transport's {@link Transport#id()}
     */
    default void stopRequested(String transportId) {
        ended(transportId);
    }
}
