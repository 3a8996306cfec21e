package dev.switchboard.kernel.storage;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HexFormat;

/**
 * A table's row count and a SHA-256 checksum of its content: every row in primary-key order, every value of the
 * target's columns written in a canonical form that does not depend on the backend (an integer is its decimal digits
 * whether the driver hands over an {@code Integer} or a {@code Long}; text is its UTF-8 bytes, with its length; null
 * is distinct from every text). Equal digests on both sides mean the same rows with the same values.
 *
 * @param rows     how many rows
 * @param checksum the checksum, 64 lower-case hexadecimal digits
 */
record TableDigest(long rows, String checksum) {

    /**
     * @param connection a connection; inside a transaction, the digest is of its snapshot
     * @param table      the table, whose columns are read from this database by name
     * @return the digest
     * @throws SQLException if the table cannot be read
     */
    static TableDigest of(Connection connection, Table table) throws SQLException {
        MessageDigest sha = sha256();
        long rows = 0;
        try (PreparedStatement select = connection.prepareStatement(table.selectInKeyOrder());
                ResultSet result = select.executeQuery()) {
            int columns = table.columns().size();
            while (result.next()) {
                rows++;
                for (int i = 1; i <= columns; i++) {
                    sha.update(canonical(result.getObject(i)).getBytes(StandardCharsets.UTF_8));
                }
                sha.update((byte) '\n');
            }
        }
        return new TableDigest(rows, HexFormat.of().formatHex(sha.digest()));
    }

    /** @return the digest of a table without rows */
    static TableDigest empty() {
        return new TableDigest(0, HexFormat.of().formatHex(sha256().digest()));
    }

    /** @return the value's canonical text, prefixed by its kind and ended by a separator no kind starts with */
    static String canonical(Object value) {
        return switch (value) {
            case null -> "N;";
            case Integer i -> "I" + i + ";";
            case Long l -> "I" + l + ";";
            case Short s -> "I" + s + ";";
            case BigInteger b -> "I" + b + ";";
            case BigDecimal d
            when d.scale() <= 0 || d.stripTrailingZeros().scale() <= 0 -> "I" + d.toBigIntegerExact() + ";";
            case Boolean b -> "I" + (b ? 1 : 0) + ";";
            case Double d -> "R" + d + ";";
            case Float f -> "R" + f.doubleValue() + ";";
            case byte[] bytes -> "B" + HexFormat.of().formatHex(bytes) + ";";
            case String s -> "S" + s.length() + ":" + s + ";";
            default -> "O" + value + ";";
        };
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
