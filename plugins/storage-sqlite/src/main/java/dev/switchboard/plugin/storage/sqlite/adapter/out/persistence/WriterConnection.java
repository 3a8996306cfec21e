package dev.switchboard.plugin.storage.sqlite.adapter.out.persistence;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.switchboard.ports.storage.StorageException;

/**
 * The one writer connection: opened on first use, and closed and forgotten (SQLite then rolls back whatever is left)
 * whenever a transaction could not be ended cleanly, so the next transaction starts on a fresh one. Transactions are
 * begun by leaving auto-commit ({@code BEGIN IMMEDIATE}, see {@link SqliteConnector#openWriter}) and committed by
 * returning to it, so no transaction stays open between calls. Not thread-safe: only the writer queue's current
 * leader uses it. Its prepared statements are kept between transactions ({@link StatementCache}).
 */
final class WriterConnection {

    private static final Logger LOG = LoggerFactory.getLogger(WriterConnection.class);

    private final SqliteConnector connector;
    private Connection connection;

    WriterConnection(SqliteConnector connector) {
        this.connector = connector;
    }

    Path file() {
        return connector.file();
    }

    /** @return the connection, opened now if there is none */
    Connection get() {
        if (connection == null) {
            try {
                connection = StatementCache.wrap(connector.openWriter());
            } catch (SQLException e) {
                throw new StorageException("cannot open the SQLite database " + file() + ": " + e.getMessage(), e);
            }
        }
        return connection;
    }

    /** @return the connection, inside a new write transaction */
    Connection begin() {
        Connection current = get();
        try {
            current.setAutoCommit(false);
            return current;
        } catch (SQLException e) {
            discard();
            throw new StorageException("cannot begin a write transaction on " + file() + ": " + e.getMessage(), e);
        }
    }

    /** Commits the open transaction: with {@code synchronous=FULL}, returns once the WAL is synced to disk. */
    void commit() {
        try {
            // leaving manual-commit mode commits (JDBC), and leaves no transaction open between calls
            connection.setAutoCommit(true);
        } catch (SQLException e) {
            discard();
            throw new StorageException("commit on " + file() + " failed, rolled back: " + e.getMessage(), e);
        }
    }

    /**
     * Rolls the open transaction back; if that fails too, the failure is added to {@code cause} and the connection
     * dropped.
     */
    void rollback(Throwable cause) {
        try {
            connection.rollback();
            connection.setAutoCommit(true);
        } catch (SQLException e) {
            cause.addSuppressed(e);
            discard();
        }
    }

    /** Closes the connection, if any; the next {@link #get} opens a new one. */
    void discard() {
        Connection closing = connection;
        connection = null;
        try {
            if (closing != null) {
                closing.close();
            }
        } catch (SQLException e) {
            LOG.warn("closing the SQLite writer connection to {} failed: {}", file(), e.getMessage());
        }
    }
}
