package dev.switchboard.plugin.storage.sqlite.adapter.out.persistence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.ports.storage.StorageException;

class SqliteSqlStorageTransactionTest {

    @TempDir
    Path temp;

    private SqliteSqlStorage storage;

    @BeforeEach
    void openWithTable() {
        storage = SqliteSqlStorage.open(temp.resolve("test.db"), 5000);
        storage.transaction(connection -> {
            Sql.update(connection, "CREATE TABLE parent(id INTEGER PRIMARY KEY)");
            return Sql.update(
                    connection,
                    "CREATE TABLE child(id INTEGER PRIMARY KEY, parent_id INTEGER NOT NULL"
                            + " REFERENCES parent(id))");
        });
    }

    @AfterEach
    void close() {
        storage.close();
    }

    @Test
    void transactionConnectionHasWalFullSyncForeignKeysAndBusyTimeout() {
        storage.transaction(connection -> {
            assertPragmas(connection);
            assertThat(connection.getAutoCommit()).isFalse();
            return null;
        });
    }

    @Test
    void dataSourceConnectionsHaveTheSamePragmas() throws SQLException {
        try (Connection connection = storage.dataSource().getConnection()) {
            assertPragmas(connection);
        }
    }

    @Test
    void anInsertRunsNoLastInsertRowidQueryForKeysNobodyAskedFor() {
        // with the driver's generated keys on, every INSERT is followed by SELECT last_insert_rowid(), whose result
        // getGeneratedKeys() then hands out; off, that result set is the driver's empty placeholder
        boolean keyRead = storage.transaction(connection -> {
            try (var insert = connection.prepareStatement("INSERT INTO parent(id) VALUES (41)")) {
                insert.executeUpdate();
                try (var keys = insert.getGeneratedKeys()) {
                    return keys.next();
                }
            }
        });

        assertThat(keyRead).isFalse();
        Long returnedId = storage.transaction(connection -> {
            try (var insert = connection.prepareStatement("INSERT INTO parent(id) VALUES (42) RETURNING id");
                    var returned = insert.executeQuery()) {
                return returned.next() ? returned.getLong(1) : null;
            }
        });
        assertThat(returnedId).as("a key is taken with RETURNING instead").isEqualTo(42L);
    }

    @Test
    void rollsBackWhenCommitFailsAndStaysUsable() throws SQLException {
        storage.transaction(connection -> Sql.update(
                connection,
                "CREATE TABLE late(id INTEGER PRIMARY KEY,"
                        + " parent_id INTEGER REFERENCES parent(id) DEFERRABLE INITIALLY DEFERRED)"));

        // a deferred foreign key is checked only at COMMIT
        assertThatThrownBy(() -> storage.transaction(
                        connection -> Sql.update(connection, "INSERT INTO late(id, parent_id) VALUES (1, 42)")))
                .isInstanceOf(StorageException.class)
                .hasMessageContaining("commit")
                .hasMessageContaining("FOREIGN KEY");
        storage.transaction(connection -> Sql.update(connection, "INSERT INTO parent(id) VALUES (7)"));

        assertThat(Sql.number(storage.dataSource(), "SELECT count(*) FROM late"))
                .isZero();
        assertThat(Sql.number(storage.dataSource(), "SELECT count(*) FROM parent"))
                .isEqualTo(1);
    }

    @Test
    void leavesNoTransactionOpenBetweenCalls() throws SQLException {
        storage.transaction(connection -> Sql.update(connection, "INSERT INTO parent(id) VALUES (1)"));

        // a second connection can take the write lock at once: the writer holds none between transactions
        try (Connection other = storage.dataSource().getConnection()) {
            Sql.update(other, "PRAGMA busy_timeout = 0");
            assertThat(Sql.update(other, "INSERT INTO parent(id) VALUES (2)")).isEqualTo(1);
        }
    }

    @Test
    void refusesNestedTransaction() throws SQLException {
        assertThatThrownBy(() -> storage.transaction(connection -> {
                    Sql.update(connection, "INSERT INTO parent(id) VALUES (1)");
                    return storage.transaction(inner -> Sql.update(inner, "INSERT INTO parent(id) VALUES (2)"));
                }))
                .isInstanceOf(StorageException.class)
                .hasMessageContaining("nested transaction");

        assertThat(Sql.number(storage.dataSource(), "SELECT count(*) FROM parent"))
                .isZero();
    }

    private static void assertPragmas(Connection connection) throws SQLException {
        assertThat(Sql.text(connection, "PRAGMA journal_mode")).isEqualTo("wal");
        assertThat(Sql.number(connection, "PRAGMA synchronous")).isEqualTo(2);
        assertThat(Sql.number(connection, "PRAGMA foreign_keys")).isEqualTo(1);
        assertThat(Sql.number(connection, "PRAGMA busy_timeout")).isEqualTo(5000);
    }
}
