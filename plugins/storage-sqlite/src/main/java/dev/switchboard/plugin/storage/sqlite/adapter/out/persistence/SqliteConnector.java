package dev.switchboard.plugin.storage.sqlite.adapter.out.persistence;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;

import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteOpenMode;

/**
 * Opens connections to one database file, every one with the same pragmas: WAL journal, {@code synchronous=FULL},
 * foreign keys enforced, and the busy timeout; and none with the driver's generated keys, which would run a
 * {@code SELECT last_insert_rowid()} after every {@code INSERT} whether or not anyone asks for the key (every writer
 * that needs a key takes it with {@code RETURNING} or already knows it, as {@code send_message}'s per-channel id). Connections never create the file (it is created owner-only by
 * {@link OwnerOnlyFiles} first), so a file deleted while the server runs is reported rather than silently recreated
 * with the process umask. Thread-safe: it holds no connection.
 */
final class SqliteConnector {

    private final Path file;
    private final String url;
    private final int busyTimeoutMs;

    /**
     * @param file          absolute path of an existing database file
     * @param busyTimeoutMs how long, in milliseconds, a connection waits for another connection's lock
     */
    SqliteConnector(Path file, int busyTimeoutMs) {
        this.file = file;
        this.url = "jdbc:sqlite:" + file;
        this.busyTimeoutMs = busyTimeoutMs;
    }

    Path file() {
        return file;
    }

    /**
     * Opens the writer connection: its transactions start with {@code BEGIN IMMEDIATE}, so the write lock is taken
     * up front and a transaction never fails half-way because a reader must be upgraded.
     */
    Connection openWriter() throws SQLException {
        SQLiteConfig config = baseConfig();
        config.setTransactionMode(SQLiteConfig.TransactionMode.IMMEDIATE);
        Connection connection = config.createConnection(url);
        try {
            // the first connection in WAL mode has just created the -wal and -shm files
            OwnerOnlyFiles.restrict(file);
        } catch (IOException e) {
            connection.close();
            throw new SQLException(
                    "cannot restrict the permissions of " + file + " and its -wal/-shm files: " + e.getMessage(), e);
        }
        return connection;
    }

    /** Opens a connection for reads outside a transaction (its own transactions are deferred). */
    Connection openReader() throws SQLException {
        return baseConfig().createConnection(url);
    }

    /**
     * Opens a connection that can only read: no pragma that writes (the journal mode is the file's own), no file
     * created, so the database file stays byte for byte as it was. Its transactions are deferred: the first read
     * takes the snapshot that every later read of the transaction sees.
     */
    Connection openReadOnly() throws SQLException {
        SQLiteConfig config = new SQLiteConfig();
        config.setReadOnly(true);
        config.setBusyTimeout(busyTimeoutMs);
        config.setGetGeneratedKeys(false);
        config.resetOpenMode(SQLiteOpenMode.CREATE);
        return config.createConnection(url);
    }

    private SQLiteConfig baseConfig() {
        SQLiteConfig config = new SQLiteConfig();
        config.setJournalMode(SQLiteConfig.JournalMode.WAL);
        config.setSynchronous(SQLiteConfig.SynchronousMode.FULL);
        config.enforceForeignKeys(true);
        config.setBusyTimeout(busyTimeoutMs);
        config.resetOpenMode(SQLiteOpenMode.CREATE);
        config.setGetGeneratedKeys(false);
        return config;
    }
}
