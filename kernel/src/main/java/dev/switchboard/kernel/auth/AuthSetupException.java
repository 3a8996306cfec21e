package dev.switchboard.kernel.auth;

/**
 * Authentication cannot be set up as configured: the token file is missing, malformed, unreadable or readable by
 * others, or serving would expose an unauthenticated listener. {@code serve} exits with status 1. The message names
 * the file or setting and what to do; it never contains a token.
 */
public class AuthSetupException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** @param message what is wrong, where, and how to fix it */
    public AuthSetupException(String message) {
        super(message);
    }

    /**
     * @param message what is wrong, where, and how to fix it
     * @param cause   the I/O failure
     */
    public AuthSetupException(String message, Throwable cause) {
        super(message, cause);
    }
}
