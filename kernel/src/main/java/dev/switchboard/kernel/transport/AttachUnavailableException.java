package dev.switchboard.kernel.transport;

/**
 * The attach socket cannot be served by this process: its path is too long to bind, the state directory is
 * read-only, or another live server holds the key. {@code serve --shared} then exits 1 with the message as its one
 * stderr line; {@code serve --http} logs it once and serves without attach.
 */
public class AttachUnavailableException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** @param message why, in one line, naming the path */
    public AttachUnavailableException(String message) {
        super(message);
    }

    /**
     * @param message why, in one line, naming the path
     * @param cause   the underlying failure
     */
    public AttachUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
