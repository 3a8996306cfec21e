package dev.switchboard.plugin.workspace.domain;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * File revisions: {@code "sha256:" + lowercase hex of the SHA-256 of the file's bytes}, or {@link #MISSING} for a
 * path with no file. Stateless.
 */
public final class Revision {

    /** The revision of a path where no file exists. */
    public static final String MISSING = "missing";

    private Revision() {}

    /**
     * @param bytes the whole file
     * @return its revision
     */
    public static String of(byte[] bytes) {
        return "sha256:" + sha256Hex(bytes);
    }

    /**
     * @param bytes any bytes
     * @return the lowercase hex SHA-256
     */
    public static String sha256Hex(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
