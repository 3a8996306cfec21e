package dev.switchboard.plugin.mailbox.upload.domain;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Objects;

/**
 * The three numbers published for a body (a pin version, an upload, a message): the SHA-256 of its raw UTF-8 bytes
 * exactly as stored (no trimming, newline or Unicode normalisation), as 64 lowercase hex digits; its length in UTF-8
 * bytes; and its length in characters (Unicode code points, so {@code "ротация"} is 7 characters and 14 bytes).
 * Immutable and thread-safe.
 *
 * @param sha256      64 lowercase hex digits
 * @param lengthBytes UTF-8 bytes, 0 or more
 * @param lengthChars code points, 0 or more
 */
public record Digest(String sha256, long lengthBytes, long lengthChars) {

    /** @throws IllegalArgumentException if {@code sha256} is not 64 lowercase hex digits or a length is negative */
    public Digest {
        Objects.requireNonNull(sha256, "sha256");
        if (!sha256.matches("[0-9a-f]{64}") || lengthBytes < 0 || lengthChars < 0) {
            throw new IllegalArgumentException("not a digest: " + sha256 + " " + lengthBytes + " " + lengthChars);
        }
    }

    /**
     * @param text the body, as stored
     * @return its digest
     */
    public static Digest of(String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        return new Digest(hex(bytes), bytes.length, text.codePointCount(0, text.length()));
    }

    /**
     * @param text well-formed text (lone surrogates are refused before any length is taken)
     * @return its length in UTF-8 bytes, without encoding it
     */
    public static long utf8Length(String text) {
        long bytes = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < 0x80) {
                bytes += 1;
            } else if (c < 0x800) {
                bytes += 2;
            } else if (Character.isHighSurrogate(c)
                    && i + 1 < text.length()
                    && Character.isLowSurrogate(text.charAt(i + 1))) {
                bytes += 4;
                i++;
            } else {
                bytes += 3;
            }
        }
        return bytes;
    }

    /**
     * Whether a client's digest names this one: the hex in either case, with surrounding blanks and an optional
     * {@code sha256:} prefix ignored.
     *
     * @param claimed the client's digest
     * @return true when it is this digest's SHA-256
     */
    public boolean matches(String claimed) {
        String hex = claimed.strip().toLowerCase(Locale.ROOT);
        if (hex.startsWith("sha256:")) {
            hex = hex.substring("sha256:".length());
        }
        return hex.equals(sha256);
    }

    private static String hex(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime provides SHA-256", e);
        }
    }
}
