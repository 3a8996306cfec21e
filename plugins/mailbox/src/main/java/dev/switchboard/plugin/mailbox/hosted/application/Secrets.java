package dev.switchboard.plugin.mailbox.hosted.application;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;

import dev.switchboard.plugin.mailbox.hosted.domain.HostedLimits;

/**
 * Minting and hashing credentials: {@value HostedLimits#CREDENTIAL_RANDOM_BYTES} random bytes from
 * {@link SecureRandom} as 43 base64url characters after a prefix; stored only as SHA-256 hex of the UTF-8 bytes (the
 * digest the kernel hands to credential resolvers). Thread-safe.
 */
public final class Secrets {

    private static final Base64.Encoder BASE64URL = Base64.getUrlEncoder().withoutPadding();

    /** Created on first use: resolving credentials needs no random source. */
    private static final class Random {
        static final SecureRandom SOURCE = new SecureRandom();
    }

    private Secrets() {}

    /**
     * @param prefix {@code cct_}, {@code ccv_}, or {@code ""} for a nonce
     * @return a fresh credential
     */
    public static String mint(String prefix) {
        byte[] random = new byte[HostedLimits.CREDENTIAL_RANDOM_BYTES];
        Random.SOURCE.nextBytes(random);
        return prefix + BASE64URL.encodeToString(random);
    }

    /**
     * @param secret a credential
     * @return the SHA-256 digest of its UTF-8 bytes, 64 lower-case hex characters
     */
    public static String sha256Hex(String secret) {
        try {
            return HexFormat.of()
                    .formatHex(MessageDigest.getInstance("SHA-256").digest(secret.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is not available in this Java runtime", e);
        }
    }

    /**
     * @param storedHex a stored digest (hex)
     * @param presented a presented credential's digest
     * @return whether they are equal, compared in constant time
     */
    public static boolean matches(String storedHex, byte[] presented) {
        return MessageDigest.isEqual(HexFormat.of().parseHex(storedHex), presented);
    }
}
