package dev.switchboard.ports.transport;

/** A transport could not start or failed while serving. */
public class TransportException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** @param message what failed */
    public TransportException(String message) {
        super(message);
    }

    /**
     * @param message what failed
     * @param cause   the underlying failure
     */
    public TransportException(String message, Throwable cause) {
        super(message, cause);
    }
}
