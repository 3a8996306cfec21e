package dev.switchboard.ports.auth;

/**
 * A presented credential could be neither accepted nor refused: a store that may know it could not be asked (its
 * database unreachable, locked past its busy timeout, unreadable). Not an authentication failure: the caller is told
 * to retry (HTTP 503 with {@code Retry-After}, a tool call's {@code UNAVAILABLE}), never that its credential is
 * unknown or revoked, so that it keeps a valid credential through a storage outage.
 *
 * <p>Thrown by {@link Authenticator#authenticate} (the kernel's throws it when a {@link CredentialResolver} failed
 * for a storage reason and no other store or resolver knew the credential). Its message is for the operator's log and
 * names no credential. Immutable; safe to share between threads.
 */
public class CredentialsUnavailableException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /**
     * @param message which store could not answer and why, for the log; names no credential
     * @param cause   the store's exception, or null
     */
    public CredentialsUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
