package dev.switchboard.ports.storage;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * A unit of work run inside one transaction by {@link SqlStorage#transaction(SqlWork)}.
 *
 * <p>This is the one port type that declares a checked exception: it is JDBC's own, so plain JDBC code can run inside
 * without wrapping; {@link SqlStorage} translates it to {@link StorageException}.
 *
 * @param <T> the result type
 */
@FunctionalInterface
public interface SqlWork<T> {

    /**
     * @param connection the transaction's connection; MUST NOT be committed, rolled back or closed by the work, and
     *                   MUST NOT escape it
     * @return the result
     * @throws SQLException on a database error; the transaction is rolled back
     */
    T run(Connection connection) throws SQLException;
}
