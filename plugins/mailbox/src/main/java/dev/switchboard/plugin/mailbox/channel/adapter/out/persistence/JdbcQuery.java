package dev.switchboard.plugin.mailbox.channel.adapter.out.persistence;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

import org.jooq.exception.DataAccessException;

/**
 * {@link JdbcRows} for the jOOQ adapters: a read of many rows straight from JDBC, by column position, for the reads
 * whose rows are counted in thousands ({@code channel_status} with 10,000 open debts), where reading jOOQ records by
 * name and type cost most of the call. A failure is thrown as jOOQ's {@link DataAccessException}, as the jOOQ reads
 * of the same adapters are. Stateless.
 */
public final class JdbcQuery {

    /** A read that may fail with the driver's exception. */
    @FunctionalInterface
    public interface Read<T> {
        /**
         * @return what was read
         * @throws SQLException if it failed
         */
        T read() throws SQLException;
    }

    private JdbcQuery() {}

    /**
     * @param connection the transaction's connection
     * @param sql        the query, with {@code ?} placeholders
     * @param binds      the values, in order ({@code Long} and {@code String})
     * @param reader     what each row becomes
     * @param <T>        a row's value
     * @return every row's value, in the query's order
     * @throws DataAccessException if the query fails
     */
    public static <T> List<T> list(Connection connection, String sql, List<?> binds, JdbcRows.RowReader<T> reader) {
        return translated("SQL [" + sql + "]", () -> JdbcRows.list(connection, sql, binds, reader));
    }

    /**
     * @param what  what is read, for the message ({@code SQL [<query>]}, say)
     * @param read  the read
     * @param <T>   what it reads
     * @return what it read
     * @throws DataAccessException if it failed, with {@code what} and the driver's message
     */
    public static <T> T translated(String what, Read<T> read) {
        try {
            return read.read();
        } catch (SQLException e) {
            throw new DataAccessException(what + "; " + e.getMessage(), e);
        }
    }
}
