package dev.switchboard.kernel.auth;

import java.util.Optional;

import dev.switchboard.ports.call.Principal;

/**
 * A source of tokens the kernel accepts: the owner token today; channel role, admin and viewer tokens (the
 * mailbox's hosted mode) later, each as one more store bound into the kernel's set of stores, without any change to
 * the {@link dev.switchboard.ports.auth.Authenticator} port. The kernel hashes a presented token once and asks each
 * store in turn; the first principal found wins.
 *
 * <p>Implementations keep only digests, MUST compare them in constant time (for example with
 * {@link java.security.MessageDigest#isEqual(byte[], byte[])}), never log what they are given, and MUST be
 * thread-safe.
 */
public interface TokenStore {

    /** A store that knows no token. */
    TokenStore NONE = presented -> Optional.empty();

    /**
     * @param presented the digest of the token a caller presented
     * @return the principal the token belongs to, or empty when this store does not know it
     */
    Optional<Principal> find(TokenDigest presented);
}
