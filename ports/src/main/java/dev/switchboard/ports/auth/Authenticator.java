package dev.switchboard.ports.auth;

import java.util.Optional;

import dev.switchboard.ports.call.Principal;

/**
 * Resolves bearer tokens to principals. Implemented by the kernel; used by network transports for every request.
 * Implementations MUST compare credentials in constant time, MUST keep tokens only as hashes, and MUST be
 * thread-safe.
 */
public interface Authenticator {

    /** An authenticator for transports that need none (stdio): every token is refused, and none is required. */
    Authenticator NONE = new Authenticator() {
        @Override
        public Optional<Principal> authenticate(String bearerToken) {
            return Optional.empty();
        }

        @Override
        public boolean required() {
            return false;
        }
    };

    /**
     * @param bearerToken the credential of an {@code Authorization: Bearer} header, exactly as sent; never logged
     * @return the principal the token belongs to, or empty when it is unknown, revoked or malformed
     * @throws CredentialsUnavailableException when a store that may know the token could not be asked (a storage
     *                                         outage): the token is neither accepted nor refused
     */
    Optional<Principal> authenticate(String bearerToken);

    /**
     * @return whether callers must authenticate; false only when the operator turned authentication off, which the
     *         kernel allows for loopback-only serving
     */
    boolean required();
}
