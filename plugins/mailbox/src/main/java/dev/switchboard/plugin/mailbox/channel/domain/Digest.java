package dev.switchboard.plugin.mailbox.channel.domain;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Objects;

/**
 * The digest the mailbox publishes for a body (messages, pins, uploads): SHA-256 of the raw UTF-8 bytes, in lower
 * case hex, with the byte length and the length in characters (Unicode code points: "ротация" is 7 characters and
 * 14 bytes). No normalisation: a trailing newline changes the digest. Immutable.
 *
 * @param sha256 64 lower-case hex digits
 * @param bytes  the UTF-8 length
 * @param chars  the number of code points
 */
public record Digest(String sha256, long bytes, long chars) {

    /** @throws NullPointerException if {@code sha256} is null */
    public Digest {
        Objects.requireNonNull(sha256, "sha256");
    }

    /**
     * @param text a body; null counts as empty
     * @return its digest
     */
    public static Digest of(String text) {
        String body = text == null ? "" : text;
        byte[] utf8 = body.getBytes(StandardCharsets.UTF_8);
        return new Digest(sha256Hex(utf8), utf8.length, body.codePointCount(0, body.length()));
    }

    /**
     * @param bytes any bytes
     * @return their SHA-256 as lower-case hex
     */
    public static String sha256Hex(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
