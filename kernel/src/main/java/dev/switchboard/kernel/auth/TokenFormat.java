package dev.switchboard.kernel.auth;

import java.security.SecureRandom;
import java.util.Base64;
import java.util.regex.Pattern;

import dev.switchboard.kernel.secrets.DefaultSecretScanner;

/**
 * What tokens look like: generated ones are {@code sbt_} followed by 43 base64url characters (256 random bits, no
 * padding), which the default secret scanner recognises; presented and operator-supplied ones must be RFC 6750
 * {@code b64token}s of bounded length. Thread-safe.
 */
public final class TokenFormat {

    /** Random bytes in a generated token: 256 bits. */
    public static final int RANDOM_BYTES = 32;
    /** The fewest characters an operator-supplied owner token may have (as many as a generated token's random part). */
    public static final int MIN_SUPPLIED_LENGTH = 43;
    /** The most characters a presented token may have; longer ones are refused before hashing. */
    public static final int MAX_LENGTH = 1024;

    private static final Pattern B64TOKEN = Pattern.compile("[A-Za-z0-9._~+/-]+=*");
    private static final Base64.Encoder BASE64URL = Base64.getUrlEncoder().withoutPadding();

    private TokenFormat() {}

    /** Created on first use: checking a token, as every start does, needs no random source. */
    private static final class Random {
        static final SecureRandom SOURCE = new SecureRandom();
    }

    /** @return a fresh token: {@code sbt_} and 43 base64url characters from {@link SecureRandom} */
    public static String generate() {
        byte[] random = new byte[RANDOM_BYTES];
        Random.SOURCE.nextBytes(random);
        return DefaultSecretScanner.SWITCHBOARD_TOKEN_PREFIX + BASE64URL.encodeToString(random);
    }

    /**
     * @param token a credential as presented, possibly null
     * @return whether it has the shape of a bearer token at all (non-empty, {@code b64token} characters, at most
     *         {@link #MAX_LENGTH}); anything else is refused without being hashed
     */
    public static boolean isPresentable(String token) {
        return token != null
                && !token.isEmpty()
                && token.length() <= MAX_LENGTH
                && B64TOKEN.matcher(token).matches();
    }

    /**
     * @param token an owner token read from a file
     * @return whether it may serve as the owner token: presentable and at least {@link #MIN_SUPPLIED_LENGTH} long
     */
    public static boolean isStrongEnough(String token) {
        return isPresentable(token) && token.length() >= MIN_SUPPLIED_LENGTH;
    }
}
