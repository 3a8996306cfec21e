package dev.switchboard.plugin.storage.sqlite.adapter.out.persistence;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Optional;

import javax.sql.DataSource;

import dev.switchboard.ports.storage.SqlWork;
import dev.switchboard.ports.storage.StorageBusyException;
import dev.switchboard.ports.storage.StorageException;

/**
 * One attempt of {@link SqliteSqlStorage#snapshot}: a pooled reader connection with auto-commit off, so the work's
 * first query opens one WAL read transaction that every later query shares; rolled back and given back to the pool
 * at the end. A failure in the database is a {@link StorageBusyException} when SQLite reports {@code SQLITE_BUSY} or
 * {@code SQLITE_LOCKED}, else a {@link StorageException}; never "nothing found". Thread-safe (stateless).
 */
final class SnapshotRead {

    private final DataSource readers;
    private final String file;

    SnapshotRead(DataSource readers, String file) {
        this.readers = readers;
        this.file = file;
    }

    <T> T run(SqlWork<T> work) {
        try (Connection connection = readers.getConnection()) {
            connection.setAutoCommit(false);
            try {
                return work.run(connection);
            } catch (StorageException e) {
                throw e;
            } catch (RuntimeException e) {
                // jOOQ wraps the driver's errors: a read that failed in the database is a storage failure
                throw sqlCause(e).map(this::failure).orElseThrow(() -> e);
            } finally {
                rollbackQuietly(connection);
            }
        } catch (SQLException e) {
            throw failure(e);
        }
    }

    private StorageException failure(SQLException e) {
        if (TransactionCounters.isBusy(e)) {
            return new StorageBusyException(
                    "the SQLite database " + file + " is locked for reading past the busy timeout", e);
        }
        return new StorageException(
                "read from " + file + " failed: " + e.getMessage(), "a read from the database failed", e);
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
