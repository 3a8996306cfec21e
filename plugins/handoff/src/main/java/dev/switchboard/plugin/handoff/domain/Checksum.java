package dev.switchboard.plugin.handoff.domain;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The checksum in a receipt: {@code sha256:} followed by the lowercase hex SHA-256 of the content's UTF-8 bytes,
 * exactly as published (no normalisation), so a client can recompute it. Immutable.
 *
 * @param value {@code sha256:<64 lowercase hex digits>}
 */
public record Checksum(String value) {

    /** The prefix naming the algorithm. */
    public static final String PREFIX = "sha256:";

    private static final Pattern CANONICAL = Pattern.compile("sha256:[0-9a-f]{64}");
    private static final Pattern LENIENT = Pattern.compile("(?i)(?:sha256:)?([0-9a-f]{64})");

    /** @throws IllegalArgumentException if {@code value} is not {@code sha256:<hex>} */
    public Checksum {
        Objects.requireNonNull(value, "value");
        if (!CANONICAL.matcher(value).matches()) {
            throw new IllegalArgumentException("not a sha256 checksum: '" + value + "'");
        }
    }

    /**
     * @param content the content, as published
     * @return its checksum
     */
    public static Checksum of(String content) {
        return new Checksum(PREFIX + HexFormat.of().formatHex(sha256(content)));
    }

    /**
     * Reads a checksum a client sends back: with or without the {@code sha256:} prefix, hex in either case.
     *
     * @param text the client's checksum
     * @return the checksum, or empty when the text is not a SHA-256 checksum
     */
    public static Optional<Checksum> parse(String text) {
        if (text == null) {
            return Optional.empty();
        }
        var matcher = LENIENT.matcher(text.strip());
        return matcher.matches()
                ? Optional.of(new Checksum(PREFIX + matcher.group(1).toLowerCase(Locale.ROOT)))
                : Optional.empty();
    }

    /**
     * @param text UTF-8 text
     * @return the SHA-256 digest of its bytes
     */
    static byte[] sha256(String text) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime provides SHA-256", e);
        }
    }

    @Override
    public String toString() {
        return value;
    }
}
