package dev.switchboard.ports.http;

/** Thrown by {@link ResponseStream#write} when the client of a streamed response has gone away. */
public final class ClientGoneException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** @param cause the I/O failure that showed it */
    public ClientGoneException(Throwable cause) {
        super("the client went away", cause);
    }
}
