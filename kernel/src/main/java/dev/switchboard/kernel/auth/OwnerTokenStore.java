package dev.switchboard.kernel.auth;

import java.security.MessageDigest;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.BiPredicate;

import dev.switchboard.ports.call.Principal;

/**
 * Knows the one owner token, by its digest, and maps it to {@link #OWNER}. Immutable and thread-safe.
 */
public final class OwnerTokenStore implements TokenStore {

    /** The principal of the owner token. */
    public static final Principal OWNER = new Principal("owner", Principal.Kind.OWNER, Map.of());

    /** Digest equality whose running time does not depend on where the digests differ. */
    static final BiPredicate<byte[], byte[]> CONSTANT_TIME = MessageDigest::isEqual;

    private final TokenDigest owner;
    private final BiPredicate<byte[], byte[]> equality;

    /** @param owner the owner token's digest */
    public OwnerTokenStore(TokenDigest owner) {
        this(owner, CONSTANT_TIME);
    }

    /** For tests that watch the comparison; {@code equality} must be constant-time in production. */
    OwnerTokenStore(TokenDigest owner, BiPredicate<byte[], byte[]> equality) {
        this.owner = Objects.requireNonNull(owner, "owner");
        this.equality = Objects.requireNonNull(equality, "equality");
    }

    @Override
    public Optional<Principal> find(TokenDigest presented) {
        return equality.test(owner.bytes(), presented.bytes()) ? Optional.of(OWNER) : Optional.empty();
    }
}
