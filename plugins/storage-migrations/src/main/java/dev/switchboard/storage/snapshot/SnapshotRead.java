package dev.switchboard.storage.snapshot;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;
import java.util.function.Predicate;

import javax.sql.DataSource;

import dev.switchboard.ports.storage.SqlWork;
import dev.switchboard.ports.storage.StorageBusyException;
import dev.switchboard.ports.storage.StorageException;

/**
 * One attempt of an adapter's {@code SqlStorage.snapshot}: a connection of the adapter's with auto-commit off, the
 * adapter's first statement if it has one (PostgreSQL: {@code SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ
 * ONLY}; SQLite's first query opens its WAL read transaction by itself), the work, then a rollback and the connection
 * given back. A {@link SQLException} of the connection, of the statement or of the work, also one a
 * {@link RuntimeException} of the work wraps (jOOQ does), is a {@link StorageBusyException} when the adapter's
 * {@code busy} test says so, else a {@link StorageException}: never "nothing found". Another
 * {@link RuntimeException} of the work, a {@link StorageException} included, is rethrown as is. Thread-safe
 * (immutable).
 */
public final class SnapshotRead {

    private final DataSource connections;
    private final String firstStatement;
    private final Predicate<SQLException> busy;
    private final String location;

    /**
     * @param connections    where the connection comes from (a pool: it is closed after each read)
     * @param firstStatement the statement that makes the transaction a read-only snapshot, or null when the backend
     *                       needs none
     * @param busy           whether a driver's exception means busy or unreachable (the adapter's error codes)
     * @param location       the database, for the operator's message of a failed read (no credential)
     */
    public SnapshotRead(DataSource connections, String firstStatement, Predicate<SQLException> busy, String location) {
        this.connections = connections;
        this.firstStatement = firstStatement;
        this.busy = busy;
        this.location = location;
    }

    /**
     * @param work the reads
     * @param <T>  their result
     * @return what the work returned
     * @throws StorageBusyException if the database was busy or unreachable
     * @throws StorageException     if the read failed in the database
     */
    public <T> T run(SqlWork<T> work) {
        try (Connection connection = connections.getConnection()) {
            connection.setAutoCommit(false);
            try {
                if (firstStatement != null) {
                    try (Statement statement = connection.createStatement()) {
                        statement.execute(firstStatement);
                    }
                }
                return work.run(connection);
            } catch (StorageException e) {
                throw e;
            } catch (RuntimeException e) {
                throw sqlCause(e).map(this::failure).orElseThrow(() -> e);
            } finally {
                rollbackQuietly(connection);
            }
        } catch (SQLException e) {
            throw failure(e);
        }
    }

    private StorageException failure(SQLException e) {
        if (busy.test(e)) {
            // the driver's message may name the host: it stays in the cause, for the log
            return new StorageBusyException("the database is busy or unreachable for reading", e);
        }
        return new StorageException(
                "read from " + location + " failed: " + e.getMessage(), "a read from the database failed", e);
    }

    private static Optional<SQLException> sqlCause(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (cause instanceof SQLException sql) {
                return Optional.of(sql);
            }
        }
        return Optional.empty();
    }

    /** A read has nothing to lose; a failed rollback must not hide why the read failed. */
    private static void rollbackQuietly(Connection connection) {
        try {
            connection.rollback();
        } catch (SQLException ignored) {
            // the connection is gone: the pool does not keep it
        }
    }
}
