package dev.switchboard.plugin.storage.sqlite.adapter.out.persistence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sqlite.SQLiteConnection;

/** The reader connections of a real SQLite file, given back to the pool on close (ADR 31). */
class ReaderPoolTest {

    @TempDir
    Path temp;

    private SqliteSqlStorage storage;
    private ReadDataSource readers;

    @BeforeEach
    void open() {
        storage = SqliteSqlStorage.open(temp.resolve("pool.db"), 5000);
        storage.transaction(connection -> Sql.update(connection, "CREATE TABLE t(id INTEGER PRIMARY KEY)"));
        readers = (ReadDataSource) storage.dataSource();
    }

    @AfterEach
    void close() {
        storage.close();
    }

    @Test
    void aClosedReaderIsReusedByTheNextCaller() throws SQLException {
        SQLiteConnection first;
        try (Connection connection = readers.getConnection()) {
            first = connection.unwrap(SQLiteConnection.class);
        }
        assertThat(readers.idle()).isEqualTo(1);
        try (Connection connection = readers.getConnection()) {
            assertThat(connection.unwrap(SQLiteConnection.class)).isSameAs(first);
            assertThat(readers.idle()).isZero();
        }
    }

    @Test
    void aReaderGivenBackInsideATransactionSeesTheNextCommitWhenReused() throws SQLException {
        try (Connection connection = readers.getConnection()) {
            connection.setAutoCommit(false);
            assertThat(Sql.number(connection, "SELECT count(*) FROM t")).isZero(); // takes the snapshot
        }
        storage.transaction(connection -> Sql.update(connection, "INSERT INTO t(id) VALUES (1)"));
        try (Connection connection = readers.getConnection()) {
            assertThat(connection.getAutoCommit()).isTrue();
            assertThat(Sql.number(connection, "SELECT count(*) FROM t")).isEqualTo(1);
        }
    }

    @Test
    void closingAReaderClosesTheStatementsAndResultsItMade() throws SQLException {
        PreparedStatement statement;
        ResultSet rows;
        try (Connection connection = readers.getConnection()) {
            statement = connection.prepareStatement("SELECT 1 UNION ALL SELECT 2");
            rows = statement.executeQuery();
            assertThat(rows.next()).isTrue();
        }
        assertThat(statement.isClosed()).isTrue();
        assertThat(rows.isClosed()).isTrue();
        // the left-open read did not keep its snapshot: a write and a checkpoint go through, the reuse sees it
        storage.transaction(connection -> Sql.update(connection, "INSERT INTO t(id) VALUES (7)"));
        assertThat(Sql.number(readers, "SELECT max(id) FROM t")).isEqualTo(7);
    }

    @Test
    void aReaderWhoseSessionSettingChangedIsClosedInsteadOfKept() throws SQLException {
        SQLiteConnection physical;
        try (Connection connection = readers.getConnection()) {
            physical = connection.unwrap(SQLiteConnection.class);
            connection.setTransactionIsolation(Connection.TRANSACTION_READ_UNCOMMITTED);
        }
        assertThat(readers.idle()).isZero();
        assertThat(physical.isClosed()).isTrue();
    }

    @Test
    void aClosedHandleRefusesUseAndClosingItAgainGivesNothingBackTwice() throws SQLException {
        Connection connection = readers.getConnection();
        connection.close();
        connection.close();
        assertThat(connection.isClosed()).isTrue();
        assertThat(readers.idle()).isEqualTo(1);
        assertThatThrownBy(() -> connection.prepareStatement("SELECT 1"))
                .isInstanceOf(SQLException.class)
                .hasMessageContaining("closed");
    }

    @Test
    void atMostMaxIdleReadersAreKept() throws SQLException {
        List<Connection> open = new ArrayList<>();
        for (int i = 0; i < ReadDataSource.MAX_IDLE + 3; i++) {
            open.add(readers.getConnection());
        }
        List<SQLiteConnection> physical = new ArrayList<>();
        for (Connection connection : open) {
            physical.add(connection.unwrap(SQLiteConnection.class));
            connection.close();
        }
        assertThat(readers.idle()).isEqualTo(ReadDataSource.MAX_IDLE);
        int closed = 0;
        for (SQLiteConnection connection : physical) {
            closed += connection.isClosed() ? 1 : 0;
        }
        assertThat(closed).isEqualTo(3);
    }

    @Test
    void closingTheStorageClosesIdleReadersAndOneGivenBackLater() throws SQLException {
        Connection idle = readers.getConnection();
        SQLiteConnection idlePhysical = idle.unwrap(SQLiteConnection.class);
        idle.close();
        Connection lent = readers.getConnection();
        Connection other = readers.getConnection();
        SQLiteConnection lentPhysical = other.unwrap(SQLiteConnection.class);
        lent.close();
        storage.close();
        assertThat(idlePhysical.isClosed()).isTrue();
        other.close();
        assertThat(lentPhysical.isClosed()).isTrue();
        assertThat(readers.idle()).isZero();
        assertThatThrownBy(readers::getConnection).isInstanceOf(SQLException.class);
    }
}
