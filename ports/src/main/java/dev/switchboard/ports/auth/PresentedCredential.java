package dev.switchboard.ports.auth;

import java.util.HexFormat;
import java.util.Objects;

/**
 * A bearer credential as the kernel hands it to a {@link CredentialResolver}: never the token itself, only its
 * SHA-256 digest and its prefix (the characters up to and including the first {@code _}, such as {@code cct_}, so a
 * resolver can skip tokens that are not its own without touching its store). Immutable and thread-safe;
 * {@link #toString()} shows neither the digest nor the prefix.
 *
 * @param prefix the token's prefix up to and including its first {@code _} (at most 8 characters), or {@code ""}
 *               when it has none there
 * @param sha256 the SHA-256 digest of the token's UTF-8 bytes, 32 bytes (copied in and out)
 */
public record PresentedCredential(String prefix, byte[] sha256) {

    /** The digest's length in bytes. */
    public static final int DIGEST_BYTES = 32;

    /**
     * @throws NullPointerException     if an argument is null
     * @throws IllegalArgumentException if the digest is not {@value #DIGEST_BYTES} bytes
     */
    public PresentedCredential {
        Objects.requireNonNull(prefix, "prefix");
        Objects.requireNonNull(sha256, "sha256");
        if (sha256.length != DIGEST_BYTES) {
            throw new IllegalArgumentException("a SHA-256 digest has 32 bytes, not " + sha256.length);
        }
        sha256 = sha256.clone();
    }

    /** @return a copy of the digest */
    @Override
    public byte[] sha256() {
        return sha256.clone();
    }

    /** @return the digest as 64 lower-case hexadecimal characters, the form stores usually keep */
    public String sha256Hex() {
        return HexFormat.of().formatHex(sha256);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof PresentedCredential that
                && prefix.equals(that.prefix)
                && java.security.MessageDigest.isEqual(sha256, that.sha256);
    }

    @Override
    public int hashCode() {
        return prefix.hashCode();
    }

    @Override
    public String toString() {
        return "PresentedCredential[SHA-256]";
    }
}
