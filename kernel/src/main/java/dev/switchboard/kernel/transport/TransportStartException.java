package dev.switchboard.kernel.transport;

/** A requested transport is not available or could not start; {@code serve} exits with status 1. */
public class TransportStartException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** @param message which transport, and why */
    public TransportStartException(String message) {
        super(message);
    }

    /**
     * @param message which transport, and why
     * @param cause   the underlying failure
     */
    public TransportStartException(String message, Throwable cause) {
        super(message, cause);
    }
}
