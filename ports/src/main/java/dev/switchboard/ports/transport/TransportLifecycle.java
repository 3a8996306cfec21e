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
}
