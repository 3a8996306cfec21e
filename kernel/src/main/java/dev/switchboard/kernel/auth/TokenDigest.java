package dev.switchboard.kernel.auth;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Objects;

/**
 * The SHA-256 digest of a bearer token: the only form in which the kernel keeps a token in memory, and the form in
 * which presented tokens are compared (so that every comparison runs over 32 bytes, whatever the token's length).
 * Immutable and thread-safe; {@link #toString()} never shows the digest.
 */
public final class TokenDigest {

    /** The digest's length in bytes. */
    public static final int LENGTH = 32;

    private final byte[] sha256;

    private TokenDigest(byte[] sha256) {
        this.sha256 = sha256;
    }

    /**
     * @param token a token, as presented or as read from its file
     * @return the SHA-256 digest of its UTF-8 bytes
     * @throws NullPointerException if {@code token} is null
     */
    public static TokenDigest of(String token) {
        Objects.requireNonNull(token, "token");
        try {
            return new TokenDigest(MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            // Every Java platform is required to provide SHA-256; reaching this means a broken runtime.
            throw new IllegalStateException("SHA-256 is not available in this Java runtime", e);
        }
    }

    /** @return a copy of the 32 digest bytes */
    public byte[] bytes() {
        return sha256.clone();
    }

    @Override
    public String toString() {
        return "TokenDigest[SHA-256]";
    }
}
