package dev.switchboard.plugin.workspace;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
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
 */
record ReceiptDatabase(String backend, Path state, TestDatabase postgres) {

    static final String SQLITE = "sqlite";
    static final String POSTGRES = "postgres";

    /** @return a new, empty database of the backend for the state directory */
    static ReceiptDatabase of(String backend, Path state) {
        return switch (backend) {
            case SQLITE -> new ReceiptDatabase(SQLITE, state, null);
            case POSTGRES -> new ReceiptDatabase(POSTGRES, state, TestPostgres.database());
            default -> throw new IllegalArgumentException("no such backend: " + backend);
        };
    }

    /** @return the storage plugin's settings that open this database */
    Map<String, Object> settings() {
        return postgres == null ? Map.of() : postgres.settings();
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
