package dev.switchboard.ports.call;

/** A request to the client failed: capability missing, error answer, or timeout. */
public class ClientRequestException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** @param message what failed, naming the request */
    public ClientRequestException(String message) {
        super(message);
    }

    /**
     * @param message what failed, naming the request
     * @param cause   the underlying failure
     */
    public ClientRequestException(String message, Throwable cause) {
        super(message, cause);
    }
}
