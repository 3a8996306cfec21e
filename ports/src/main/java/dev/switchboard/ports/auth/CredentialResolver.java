package dev.switchboard.ports.auth;

import java.util.Optional;

import org.pf4j.ExtensionPoint;

import dev.switchboard.ports.call.Principal;

/**
 * Extension point through which a plugin accepts bearer credentials of its own (the mailbox's channel role tokens
 * and view keys). The kernel's {@link Authenticator} refuses anything not shaped like a bearer token (non-ASCII,
 * empty, longer than 1024 characters) before any resolver sees it, hashes the rest once with SHA-256, asks the owner
 * token first, then each started plugin's resolvers; the first principal found wins. A resolver of a plugin that
 * stops or fails is withdrawn at once.
 *
 * <p>Implementations MUST keep credentials only as SHA-256 digests, MUST compare them in constant time (for example
 * {@link java.security.MessageDigest#isEqual(byte[], byte[])} on the digest of a row found by it), MUST NOT log what
 * they are given, and MUST be thread-safe: every HTTP request asks, on its own virtual thread. A resolver MAY read
 * its store (the answer must reflect revocations at once) and SHOULD return quickly for a prefix that is not its
 * own. A resolver whose store cannot answer throws a {@link dev.switchboard.ports.storage.StorageException} (or a
 * {@link CredentialsUnavailableException}): unless another resolver knows the credential, the caller is then told to
 * retry (HTTP 503, {@code UNAVAILABLE}), never that the credential is unknown. Anything else it throws (a defect) is
 * logged by the kernel without the credential and counts as "unknown".
 */
public interface CredentialResolver extends ExtensionPoint {

    /**
     * @param credential the digest and prefix of the presented token
     * @return the principal it belongs to (for example a {@link Principal.Kind#CHANNEL_ROLE} with the attributes
     *         {@code channel} and {@code role}, or a {@link Principal.Kind#VIEWER} of one channel), or empty when it
     *         is unknown, revoked or expired
     * @throws dev.switchboard.ports.storage.StorageException when its store could not be asked (unreachable, busy,
     *                                                        unreadable): the credential is neither known nor unknown
     */
    Optional<Principal> resolve(PresentedCredential credential);
}
