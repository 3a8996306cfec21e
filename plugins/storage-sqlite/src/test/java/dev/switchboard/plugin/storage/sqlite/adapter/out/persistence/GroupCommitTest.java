package dev.switchboard.plugin.storage.sqlite.adapter.out.persistence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.ports.storage.SqlWork;
import dev.switchboard.ports.storage.StorageException;

/**
 * Group commit on real SQLite files. {@link HeldWriter} keeps the writer busy until the other callers are parked in
 * the queue, so that they form one batch for certain: the first of them leads it and runs every unit on its thread.
 */
class GroupCommitTest {

    @TempDir
    Path temp;

    private Path file;
    private SqliteSqlStorage storage;

    @BeforeEach
    void openWithTables() {
        file = temp.resolve("group.db");
        storage = SqliteSqlStorage.open(file, 5000);
        storage.transaction(connection -> {
            Sql.update(connection, "CREATE TABLE parent(id INTEGER PRIMARY KEY, writer TEXT)");
            return Sql.update(
                    connection,
                    "CREATE TABLE late(id INTEGER PRIMARY KEY, parent_id INTEGER"
                            + " REFERENCES parent(id) DEFERRABLE INITIALLY DEFERRED)");
        });
    }

    @AfterEach
    void close() {
        storage.close();
    }

    @Test
    void loneCallerRunsItsWorkOnItsOwnThread() {
        Thread caller = Thread.currentThread();

        Thread ran = storage.transaction(connection -> Thread.currentThread());

        assertThat(ran).isSameAs(caller);
    }

    @Test
    void queuedTransactionsShareOneBatchAndAllSurviveReopening() throws Exception {
        List<Future<String>> units;
        try (HeldWriter held = HeldWriter.hold(storage)) {
            units = held.queue(8, n -> connection -> {
                Sql.update(connection, "INSERT INTO parent(id, writer) VALUES (" + n + ", 'unit')");
                return Thread.currentThread().getName();
            });
        }

        List<String> ranOn = new ArrayList<>();
        for (Future<String> unit : units) {
            ranOn.add(unit.get());
        }
        assertThat(ranOn).hasSize(8).containsOnly(ranOn.getFirst());
        storage.close();
        storage = SqliteSqlStorage.open(file, 5000);
        assertThat(Sql.number(storage.dataSource(), "SELECT count(*) FROM parent WHERE writer = 'unit'"))
                .isEqualTo(8);
    }

    @Test
    void unitThatThrowsIsRolledBackAloneAndItsCallerGetsItsException() throws Exception {
        IllegalStateException gaveUp = new IllegalStateException("unit 2 gave up");
        List<Future<Integer>> units;
        try (HeldWriter held = HeldWriter.hold(storage)) {
            units = held.queue(5, n -> connection -> {
                int inserted = Sql.update(connection, "INSERT INTO parent(id, writer) VALUES (" + n + ", 'unit')");
                if (n == 2) {
                    throw gaveUp;
                }
                if (n == 3) {
                    // a constraint error: SQLException, translated
                    Sql.update(connection, "INSERT INTO parent(id) VALUES (" + n + ")");
                }
                return inserted;
            });
        }

        assertThat(units.get(0).get()).isEqualTo(1);
        assertThat(units.get(1).get()).isEqualTo(1);
        assertThatThrownBy(units.get(2)::get).cause().isSameAs(gaveUp);
        assertThatThrownBy(units.get(3)::get)
                .cause()
                .isInstanceOf(StorageException.class)
                .hasMessageContaining("rolled back")
                .hasMessageContaining("UNIQUE");
        assertThat(units.get(4).get()).isEqualTo(1);
        storage.close();
        storage = SqliteSqlStorage.open(file, 5000);
        assertThat(ids("SELECT id FROM parent WHERE writer = 'unit' ORDER BY id"))
                .containsExactly(0, 1, 4);
    }

    @Test
    void failedCommitFailsEveryUnitOfTheBatchAndLeavesNoneOfItsWrites() throws Exception {
        List<Future<Integer>> units;
        try (HeldWriter held = HeldWriter.hold(storage)) {
            units = held.queue(
                    3,
                    n -> connection -> n == 1
                            // a deferred foreign key is checked only at COMMIT, after every unit succeeded
                            ? Sql.update(connection, "INSERT INTO late(id, parent_id) VALUES (1, 42)")
                            : Sql.update(connection, "INSERT INTO parent(id, writer) VALUES (" + n + ", 'unit')"));
        }

        for (Future<Integer> unit : units) {
            assertThatThrownBy(unit::get)
                    .cause()
                    .isInstanceOf(StorageException.class)
                    .hasMessageContaining("commit")
                    .hasMessageContaining("FOREIGN KEY");
        }
        assertThat(Sql.number(storage.dataSource(), "SELECT count(*) FROM parent WHERE writer = 'unit'"))
                .isZero();
        assertThat(Sql.number(storage.dataSource(), "SELECT count(*) FROM late"))
                .isZero();
        storage.transaction(connection -> Sql.update(connection, "INSERT INTO parent(id) VALUES (9)"));
        assertThat(ids("SELECT id FROM parent ORDER BY id")).contains(9);
    }

    @Test
    void unitSeesTheWritesOfTheUnitsBeforeItInItsBatch() throws Exception {
        List<Future<Integer>> units;
        try (HeldWriter held = HeldWriter.hold(storage)) {
            units = held.queue(4, n -> connection -> {
                Sql.update(connection, "INSERT INTO parent(id, writer) VALUES (" + n + ", 'unit')");
                return Sql.number(connection, "SELECT count(*) FROM parent WHERE writer = 'unit'");
            });
        }

        List<Integer> seen = new ArrayList<>();
        for (Future<Integer> unit : units) {
            seen.add(unit.get());
        }
        assertThat(seen).containsExactly(1, 2, 3, 4);
    }

    @Test
    void nestedTransactionInsideABatchedUnitIsRefusedAndTheOthersCommit() throws Exception {
        List<Future<Integer>> units;
        try (HeldWriter held = HeldWriter.hold(storage)) {
            units = held.queue(
                    3,
                    n -> connection -> n == 1
                            ? storage.transaction(inner -> Sql.update(inner, "INSERT INTO parent(id) VALUES (99)"))
                            : Sql.update(connection, "INSERT INTO parent(id, writer) VALUES (" + n + ", 'unit')"));
        }

        assertThat(units.get(0).get()).isEqualTo(1);
        assertThatThrownBy(units.get(1)::get)
                .cause()
                .isInstanceOf(StorageException.class)
                .hasMessageContaining("nested transaction");
        assertThat(units.get(2).get()).isEqualTo(1);
        assertThat(ids("SELECT id FROM parent ORDER BY id")).containsExactly(0, 2);
    }

    @Test
    void callerInterruptedWhileQueuedGivesUpAndItsWorkNeverRuns() throws Exception {
        List<Future<Integer>> units;
        try (HeldWriter held = HeldWriter.hold(storage)) {
            units = held.queue(
                    2,
                    n -> connection ->
                            Sql.update(connection, "INSERT INTO parent(id, writer) VALUES (" + n + ", 'unit')"));
            held.interrupt(1);
        }

        assertThat(units.get(0).get()).isEqualTo(1);
        assertThatThrownBy(units.get(1)::get)
                .isInstanceOf(ExecutionException.class)
                .cause()
                .isInstanceOf(StorageException.class)
                .hasMessageContaining("interrupted");
        assertThat(ids("SELECT id FROM parent ORDER BY id")).containsExactly(0);
    }

    private List<Integer> ids(String query) throws SQLException {
        return Sql.numbers(storage.dataSource(), query);
    }

    /** Makes a unit of work for the {@code n}th queued caller. */
    @FunctionalInterface
    interface UnitFactory<T> {
        SqlWork<T> unit(int n);
    }
}
