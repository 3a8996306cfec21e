package dev.switchboard.plugin.mailbox.channel.adapter.out.persistence;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * A read of rows straight from JDBC, by column position, free of jOOQ: the reads the plugin's stores and the hooks'
 * direct path (ADR 25, a read-only connection without jOOQ on the class path) share. A failure is the driver's
 * {@link SQLException}; the jOOQ adapters translate it ({@link JdbcQuery}). Stateless.
 */
public final class JdbcRows {

    /** Reads one row at the result set's current position. */
    @FunctionalInterface
    public interface RowReader<T> {
        /**
         * @param row the result set, on a row
         * @return the row's value
         * @throws SQLException if a column cannot be read
         */
        T read(ResultSet row) throws SQLException;
    }

    private JdbcRows() {}

    /**
     * @param connection an open connection (a transaction's, or a read-only one)
     * @param sql        the query, with {@code ?} placeholders
     * @param binds      the values, in order ({@code Long} and {@code String})
     * @param reader     what each row becomes
     * @param <T>        a row's value
     * @return every row's value, in the query's order
     * @throws SQLException if the query fails
     */
    public static <T> List<T> list(Connection connection, String sql, List<?> binds, RowReader<T> reader)
            throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
            for (int i = 0; i < binds.size(); i++) {
                statement.setObject(i + 1, binds.get(i));
            }
            List<T> rows = new ArrayList<>();
            try (ResultSet row = statement.executeQuery()) {
                while (row.next()) {
                    rows.add(reader.read(row));
                }
            }
            return rows;
        }
    }

    /**
     * @param count how many values, at least one
     * @return {@code count} bind placeholders for an {@code IN} list: {@code ?, ?, ?}
     */
    public static String placeholders(int count) {
        if (count < 1) {
            throw new IllegalArgumentException("an IN list needs a value");
        }
        return String.join(", ", java.util.Collections.nCopies(count, "?"));
    }

    /**
     * @param row    a result set on a row
     * @param column a column position, from 1
     * @return the column's integer, or null for SQL NULL
     * @throws SQLException if the column cannot be read
     */
    public static Long nullableLong(ResultSet row, int column) throws SQLException {
        long value = row.getLong(column);
        return row.wasNull() ? null : value;
    }
}
