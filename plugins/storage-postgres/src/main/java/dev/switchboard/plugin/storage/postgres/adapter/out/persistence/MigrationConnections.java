package dev.switchboard.plugin.storage.postgres.adapter.out.persistence;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

import javax.sql.DataSource;

import dev.switchboard.ports.storage.SqlWork;
import dev.switchboard.ports.storage.StorageException;
import dev.switchboard.storage.migration.MigrationTransactions;

/**
 * Migration transactions on PostgreSQL: one process-wide lock for a run, and for each step a transaction that first
 * takes a transaction-scoped advisory lock, so that servers starting at once on one schema apply each migration once
 * (the lock is per database; the bookkeeping re-read under it is per schema). Statements inside run without the
 * statement timeout, since building an index on a large table may take longer than any call should. Thread-safe.
 */
final class MigrationConnections implements MigrationTransactions {

    /** The advisory lock key of Switchboard's migrations ("SWBDMIGR" in ASCII). */
    private static final long LOCK_KEY = 0x535742444D494752L;

    private final DataSource pool;
    private final ReentrantLock lock = new ReentrantLock();

    MigrationConnections(DataSource pool) {
        this.pool = pool;
    }

    @Override
    public <T> T exclusively(Supplier<T> body) {
        lock.lock();
        try {
            return body.get();
        } finally {
            lock.unlock();
        }
    }

    @Override
    public <T> T inTransaction(SqlWork<T> work) {
        try (Connection connection = pool.getConnection()) {
            connection.setAutoCommit(false);
            try {
                try (Statement prelude = connection.createStatement()) {
                    prelude.execute("SET LOCAL statement_timeout = 0");
                    prelude.execute("SELECT pg_advisory_xact_lock(" + LOCK_KEY + ")");
                }
                T result = work.run(connection);
                connection.commit();
                return result;
            } catch (Throwable t) {
                try {
                    connection.rollback();
                } catch (SQLException e) {
                    t.addSuppressed(e);
                }
                throw t;
            }
        } catch (SQLException e) {
            throw new StorageException("a migration transaction on PostgreSQL failed: " + e.getMessage(), e);
        }
    }
}
