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
     * A digest fed piece by piece, for a body read in parts: the same as {@link #of} of the pieces joined, provided
     * no piece ends between the two halves of a surrogate pair. Not thread-safe.
     */
    public static final class Running {

        private final MessageDigest sha256;
        private long bytes;
        private long chars;

        /** An empty digest. */
        public Running() {
            try {
                sha256 = MessageDigest.getInstance("SHA-256");
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException("every JDK has SHA-256", e);
            }
        }

        /**
         * @param piece the next piece of the body
         * @return this
         */
        public Running add(String piece) {
            byte[] utf8 = piece.getBytes(StandardCharsets.UTF_8);
            sha256.update(utf8);
            bytes += utf8.length;
            chars += piece.codePointCount(0, piece.length());
            return this;
        }

        /** @return the digest of every piece added */
        public Digest done() {
            return new Digest(HexFormat.of().formatHex(sha256.digest()), bytes, chars);
        }
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
