package dev.switchboard.storage.migration;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

import dev.switchboard.ports.storage.SqlWork;
import dev.switchboard.ports.storage.StorageException;

/**
 * {@link MigrationTransactions} on plain JDBC: a process-wide lock for a run, and each step in a transaction of its
 * own on a connection from the {@link Connector} (closed afterwards), which first runs the adapter's prelude
 * statements, such as PostgreSQL's transaction-scoped advisory lock. For an adapter with a pool of connections
 * (SQLite's single writer queues its migrations with its other writes instead). Thread-safe.
 */
public final class JdbcMigrationTransactions implements MigrationTransactions {

    /** Lends a connection, which the transaction closes when done (returning a pooled one). */
    @FunctionalInterface
    public interface Connector {
        /**
         * @return an open connection
         * @throws SQLException if none can be had
         */
        Connection open() throws SQLException;
    }

    private final Connector connector;
    private final List<String> prelude;
    private final String backend;
    private final ReentrantLock lock = new ReentrantLock();

    /**
     * @param connector where each transaction's connection comes from
     * @param prelude   statements each transaction runs first, in order (none: an empty list)
     * @param backend   the database's name for messages, such as {@code PostgreSQL}
     */
    public JdbcMigrationTransactions(Connector connector, List<String> prelude, String backend) {
        this.connector = connector;
        this.prelude = List.copyOf(prelude);
        this.backend = backend;
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

    /**
     * {@inheritDoc}
     *
     * @throws StorageException "a migration transaction on {backend} failed: ..." when the connection, a prelude
     *                          statement, the commit or the work (with an {@link SQLException}) fails
     */
    @Override
    public <T> T inTransaction(SqlWork<T> work) {
        try (Connection connection = connector.open()) {
            connection.setAutoCommit(false);
            try {
                try (Statement statement = connection.createStatement()) {
                    for (String sql : prelude) {
                        statement.execute(sql);
                    }
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
            throw new StorageException("a migration transaction on " + backend + " failed: " + e.getMessage(), e);
        }
    }
}
