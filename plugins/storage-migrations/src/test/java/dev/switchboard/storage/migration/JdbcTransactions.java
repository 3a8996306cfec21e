package dev.switchboard.storage.migration;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

import dev.switchboard.ports.storage.SqlWork;
import dev.switchboard.ports.storage.StorageException;

/** Plain JDBC transactions on a new connection each, for the runner's tests on either backend. */
final class JdbcTransactions implements MigrationTransactions {

    /** Opens a connection. */
    interface Connector {
        Connection open() throws SQLException;
    }

    private final Connector connector;
    private final ReentrantLock lock = new ReentrantLock();

    JdbcTransactions(Connector connector) {
        this.connector = connector;
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
        try (Connection connection = connector.open()) {
            connection.setAutoCommit(false);
            try {
                T result = work.run(connection);
                connection.commit();
                return result;
            } catch (RuntimeException | SQLException e) {
                connection.rollback();
                throw e;
            }
        } catch (SQLException e) {
            throw new StorageException(e.getMessage(), e);
        }
    }
}
