package dev.switchboard.plugin.workspace;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;

import dev.switchboard.testkit.storage.TestDatabase;
import dev.switchboard.testkit.storage.TestPostgres;

/**
 * The database a test's workspace plugin keeps its receipts in, shared by every harness the test opens on it (as
 * restarts of one server share it): a SQLite file in the state directory, or one new database on the test JVM's
 * embedded PostgreSQL. Receipt tests are parameterised by {@link #backend()}. Immutable.
 *
 * @param backend  the {@code kernel.storage} name: {@link #SQLITE} or {@link #POSTGRES}
 * @param state    the plugin's state directory (and, on SQLite, the database's)
 * @param postgres the PostgreSQL database, or null on SQLite
 * @param extra    more settings of the storage plugin, such as a lock timeout
 */
record ReceiptDatabase(String backend, Path state, TestDatabase postgres, Map<String, Object> extra) {

    static final String SQLITE = "sqlite";
    static final String POSTGRES = "postgres";

    /** @return a new, empty database of the backend for the state directory */
    static ReceiptDatabase of(String backend, Path state) {
        return switch (backend) {
            case SQLITE -> new ReceiptDatabase(SQLITE, state, null, Map.of());
            case POSTGRES -> new ReceiptDatabase(POSTGRES, state, TestPostgres.database(), Map.of());
            default -> throw new IllegalArgumentException("no such backend: " + backend);
        };
    }

    /**
     * @return the same database, opened by a storage that waits at most about 200 ms for a lock another connection
     *         holds (SQLite's busy timeout, with no busy retry; PostgreSQL's lock timeout)
     */
    ReceiptDatabase withShortLockWait() {
        return new ReceiptDatabase(
                backend,
                state,
                postgres,
                postgres == null ? Map.of("busy-timeout-ms", 200, "busy-retry-ms", 0) : Map.of("lock-timeout-ms", 200));
    }

    /** Drops the PostgreSQL database once no harness uses it (nothing to do on SQLite: the directory goes). */
    void drop() {
        if (postgres != null) {
            postgres.drop();
        }
    }

    /** @return the storage plugin's settings that open this database */
    Map<String, Object> settings() {
        return postgres == null ? extra : postgres.settings(extra);
    }

    /**
     * Takes the receipt table's write lock on a connection of the test's own, until it commits or rolls back.
     *
     * @param connection from {@link #connect()}, which this puts in a transaction
     */
    void lockReceipts(Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            if (postgres == null) {
                statement.execute("BEGIN IMMEDIATE");
            } else {
                connection.setAutoCommit(false);
                statement.execute("LOCK TABLE workspace_receipt IN EXCLUSIVE MODE");
            }
        }
    }

    /**
     * Like {@link #lockReceipts}, and on PostgreSQL a lock that stops reads of the table too ({@code ACCESS
     * EXCLUSIVE}): what an outage looks like to every statement on it.
     */
    void lockReceiptsEvenForReads(Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            if (postgres == null) {
                statement.execute("BEGIN IMMEDIATE");
            } else {
                connection.setAutoCommit(false);
                statement.execute("LOCK TABLE workspace_receipt IN ACCESS EXCLUSIVE MODE");
            }
        }
    }

    /** Gives back the lock {@link #lockReceipts} or {@link #lockReceiptsEvenForReads} took. */
    void unlockReceipts(Connection connection) throws SQLException {
        if (postgres == null) {
            try (Statement statement = connection.createStatement()) {
                statement.execute("ROLLBACK");
            }
        } else {
            connection.rollback();
        }
    }

    /** @return where the storage says the data lives: the SQLite file, or the JDBC URL */
    String location() {
        return postgres == null ? state.resolve("switchboard.db").toString() : postgres.url();
    }

    /**
     * @return a connection of the test's own, outside the plugin's storage (open or closed), for checks; the caller
     *         closes it
     */
    Connection connect() throws SQLException {
        return postgres == null
                ? DriverManager.getConnection("jdbc:sqlite:" + state.resolve("switchboard.db"))
                : postgres.connect();
    }
}
