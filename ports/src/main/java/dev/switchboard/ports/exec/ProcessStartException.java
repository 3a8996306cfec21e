package dev.switchboard.ports.exec;

/** A process could not be started: the program or the working directory is missing, or not allowed. */
public class ProcessStartException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /**
     * @param message what could not be started, and why
     * @param cause   the underlying failure
     */
    public ProcessStartException(String message, Throwable cause) {
        super(message, cause);
    }
}
