package dev.switchboard.plugin.storage.postgres.adapter.out.persistence;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

import javax.sql.DataSource;

import dev.switchboard.ports.storage.SqlWork;
import dev.switchboard.ports.storage.StorageBusyException;
import dev.switchboard.ports.storage.StorageException;

/**
 * {@link PostgresSqlStorage#snapshot}: a pooled connection with auto-commit off, whose transaction is made
 * {@code REPEATABLE READ, READ ONLY} by its first statement, so every query of the work reads one snapshot; rolled
 * back at the end (the level goes with the transaction, so the pooled connection is unchanged). A failure is read by
 * {@link Failure}: a lost or refused connection, a server shutting down, a statement or lock timeout, no pooled
 * connection in time, or a serialization failure, is a {@link StorageBusyException}; anything else in the database a
 * {@link StorageException}. Not retried here: the pool already waited the connect timeout. Thread-safe (stateless).
 */
final class SnapshotRead {

    /** Valid only as a transaction's first statement. */
    static final String SET_SNAPSHOT = "SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY";

    private final DataSource connections;
    private final String location;

    /**
     * @param connections the pool as lent to readers (reporting outages)
     * @param location    the database, for the operator's messages (no credential)
     */
    SnapshotRead(DataSource connections, String location) {
        this.connections = connections;
        this.location = location;
    }

    <T> T run(SqlWork<T> work) {
        try (Connection connection = connections.getConnection()) {
            connection.setAutoCommit(false);
            try {
                try (Statement statement = connection.createStatement()) {
                    statement.execute(SET_SNAPSHOT);
                }
                return work.run(connection);
            } catch (StorageException e) {
                throw e;
            } catch (RuntimeException e) {
                // jOOQ wraps the driver's errors: a read that failed in the database is a storage failure
                throw Failure.sqlException(e).map(this::failure).orElseThrow(() -> e);
            } finally {
                rollbackQuietly(connection);
            }
        } catch (SQLException e) {
            throw failure(e);
        }
    }

    private StorageException failure(SQLException e) {
        if (Failure.of(e) != Failure.OTHER) {
            return new StorageBusyException("the database is busy or unreachable for reading: " + e.getMessage(), e);
        }
        return new StorageException(
                "read from " + location + " failed: " + e.getMessage(), "a read from the database failed", e);
    }

    /** A read has nothing to lose; a failed rollback must not hide why the read failed. */
    private static void rollbackQuietly(Connection connection) {
        try {
            connection.rollback();
        } catch (SQLException ignored) {
            // the connection is gone: the pool discards it
        }
    }
}
