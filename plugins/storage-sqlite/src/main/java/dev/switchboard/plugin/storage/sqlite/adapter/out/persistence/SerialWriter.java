package dev.switchboard.plugin.storage.sqlite.adapter.out.persistence;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.switchboard.ports.storage.SqlWork;
import dev.switchboard.ports.storage.StorageException;

/**
 * The one writer connection and the fair lock that lets one thread at a time use it. SQLite allows a single writer
 * per database anyway; queueing writers here, in arrival order, keeps them from spinning on {@code SQLITE_BUSY}. A
 * {@link ReentrantLock} rather than {@code synchronized} so that waiting virtual threads release their carrier.
 *
 * <p>A connection whose transaction could not be ended cleanly is closed (SQLite then rolls back whatever is left) and
 * replaced on the next transaction.
 */
final class SerialWriter implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(SerialWriter.class);

    private final SqliteConnector connector;
    private final ReentrantLock lock = new ReentrantLock(true);
    private Connection connection;
    private boolean closed;

    SerialWriter(SqliteConnector connector) {
        this.connector = connector;
    }

    /** Opens the writer connection now, so that a database that cannot be opened fails the start. */
    void start() {
        exclusively(this::connection);
    }

    <T> T transaction(SqlWork<T> work) {
        return exclusively(() -> inTransaction(work));
    }

    /**
     * Runs {@code body} holding the writer lock; the body may run several {@link #inTransaction} calls.
     *
     * @throws StorageException if the storage is closed, the thread is interrupted while waiting, or the thread is
     *                          already inside a transaction (nested transactions would commit the outer one early)
     */
    <T> T exclusively(Supplier<T> body) {
        if (lock.isHeldByCurrentThread()) {
            throw new StorageException("nested transaction on " + connector.file()
                    + ": transaction() and migrate() must not be called from inside a transaction");
        }
        try {
            lock.lockInterruptibly();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StorageException("interrupted while waiting to write to " + connector.file(), e);
        }
        try {
            if (closed) {
                throw new StorageException("the SQLite storage at " + connector.file() + " is closed");
            }
            return body.get();
        } finally {
            lock.unlock();
        }
    }

    /** Runs one transaction; the caller holds the lock (inside {@link #exclusively}). */
    <T> T inTransaction(SqlWork<T> work) {
        Connection current = connection();
        try {
            current.setAutoCommit(false);
        } catch (SQLException e) {
            discard();
            throw new StorageException("cannot begin a write transaction on " + connector.file() + ": "
                    + e.getMessage(), e);
        }
        T result;
        try {
            result = work.run(current);
        } catch (SQLException e) {
            StorageException failure = new StorageException("transaction on " + connector.file()
                    + " rolled back: " + e.getMessage(), e);
            rollback(current, failure);
            throw failure;
        } catch (RuntimeException | Error e) {
            rollback(current, e);
            throw e;
        }
        try {
            // leaving manual-commit mode commits (JDBC), and leaves no transaction open between calls
            current.setAutoCommit(true);
        } catch (SQLException e) {
            discard();
            throw new StorageException("commit on " + connector.file() + " failed, rolled back: "
                    + e.getMessage(), e);
        }
        return result;
    }

    /** Waits for a running transaction, then closes the connection. Idempotent. */
    @Override
    public void close() {
        if (lock.isHeldByCurrentThread()) {
            throw new StorageException("the SQLite storage cannot be closed from inside a transaction");
        }
        lock.lock();
        try {
            closed = true;
            discard();
        } finally {
            lock.unlock();
        }
    }

    private Connection connection() {
        if (connection == null) {
            try {
                connection = connector.openWriter();
            } catch (SQLException e) {
                throw new StorageException("cannot open the SQLite database " + connector.file() + ": "
                        + e.getMessage(), e);
            }
        }
        return connection;
    }

    private void rollback(Connection current, Throwable cause) {
        try {
            current.rollback();
            current.setAutoCommit(true);
        } catch (SQLException e) {
            cause.addSuppressed(e);
            discard();
        }
    }

    private void discard() {
        Connection closing = connection;
        connection = null;
        try {
            if (closing != null) {
                closing.close();
            }
        } catch (SQLException e) {
            LOG.warn("closing the SQLite writer connection to {} failed: {}", connector.file(), e.getMessage());
        }
    }
}
