package dev.switchboard.plugin.storage.postgres.adapter.out.persistence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.switchboard.ports.storage.Migration;
import dev.switchboard.ports.storage.StorageBusyException;
import dev.switchboard.ports.storage.StorageException;
import dev.switchboard.testkit.storage.TestDatabase;
import dev.switchboard.testkit.storage.TestPostgres;

/**
 * Lock and statement timeouts and a lost connection, provoked on the real server, end the transaction as the port's
 * busy error with nothing committed; the storage goes on afterwards.
 */
class BusyDatabaseTest {

    private TestDatabase database;
    private PostgresSqlStorage storage;

    @BeforeEach
    void open() {
        database = TestPostgres.database();
        storage = PostgresSqlStorage.open(new PostgresConfig(
                database.url(), Optional.of(database.user()), Optional.empty(), "public", 4, 300, 200, 2000, 30_000));
        storage.migrate("busy", java.util.List.of(new Migration(1, "create rows", """
                CREATE TABLE busy_row(id INTEGER PRIMARY KEY, n INTEGER NOT NULL);
                INSERT INTO busy_row VALUES (1, 0);
                CREATE TABLE busy_log(x INTEGER NOT NULL);
                """)));
    }

    @AfterEach
    void close() {
        storage.close();
    }

    @Test
    void aRowLockedPastTheLockTimeoutFailsAsBusyAndCommitsNothing() throws SQLException {
        try (Connection holder = database.connect();
                Statement hold = holder.createStatement()) {
            holder.setAutoCommit(false);
            hold.execute("SELECT * FROM busy_row WHERE id = 1 FOR UPDATE");

            assertThatThrownBy(() -> storage.transaction(c -> {
                        update(c, "INSERT INTO busy_log VALUES (1)");
                        return update(c, "UPDATE busy_row SET n = n + 1 WHERE id = 1");
                    }))
                    .isInstanceOf(StorageBusyException.class)
                    .hasMessageContaining("lock timeout")
                    .hasRootCauseInstanceOf(SQLException.class);

            holder.rollback();
        }
        assertThat(number("SELECT count(*) FROM busy_log")).isZero();
        assertThat(storage.statistics().orElseThrow().busy()).isEqualTo(1);
    }

    @Test
    void aStatementPastTheStatementTimeoutFailsAsBusy() {
        assertThatThrownBy(() -> storage.transaction(c -> {
                    update(c, "INSERT INTO busy_log VALUES (1)");
                    try (Statement sleep = c.createStatement()) {
                        return sleep.execute("SELECT pg_sleep(5)");
                    }
                }))
                .isInstanceOf(StorageBusyException.class)
                .hasMessageContaining("statement timeout");

        assertThat(number("SELECT count(*) FROM busy_log")).isZero();
    }

    @Test
    void aConnectionLostInsideTheWorkFailsAsBusyAndThePoolGoesOnWithAFreshOne() throws SQLException {
        try (Connection killer = database.connect()) {
            assertThatThrownBy(() -> storage.transaction(c -> {
                        update(c, "INSERT INTO busy_log VALUES (1)");
                        int pid = number(c, "SELECT pg_backend_pid()");
                        number(killer, "SELECT count(*) FROM (SELECT pg_terminate_backend(" + pid + ")) t");
                        return update(c, "INSERT INTO busy_log VALUES (2)");
                    }))
                    .isInstanceOf(StorageBusyException.class);
        }

        assertThat(number("SELECT count(*) FROM busy_log")).isZero();
        int inserted = storage.transaction(c -> update(c, "INSERT INTO busy_log VALUES (3)"));
        assertThat(inserted).isEqualTo(1);
        assertThat(number("SELECT count(*) FROM busy_log")).isEqualTo(1);
    }

    @Test
    void aSerializationFailureIsRetriedAndTheRetryCommits() throws SQLException {
        AtomicInteger attempts = new AtomicInteger();
        try (Connection rival = database.connect()) {
            int n = storage.transaction(c -> {
                int seen = number(c, "SELECT n FROM busy_row WHERE id = 1");
                if (attempts.incrementAndGet() == 1) {
                    update(rival, "UPDATE busy_row SET n = n + 10 WHERE id = 1"); // commits (auto-commit)
                }
                update(c, "UPDATE busy_row SET n = " + (seen + 1) + " WHERE id = 1");
                return seen + 1;
            });

            assertThat(n).isEqualTo(11);
        }
        assertThat(attempts).hasValue(2);
        assertThat(number("SELECT n FROM busy_row")).isEqualTo(11);
        assertThat(storage.statistics().orElseThrow().busy()).isEqualTo(1);
        assertThat(storage.statistics().orElseThrow().committed()).isEqualTo(1);
    }

    @Test
    void serializationFailuresThatOutlastTheRetriesFailAsBusyAfterTenAttempts() throws SQLException {
        AtomicInteger attempts = new AtomicInteger();
        try (Connection rival = database.connect()) {
            assertThatThrownBy(() -> storage.transaction(c -> {
                        attempts.incrementAndGet();
                        number(c, "SELECT n FROM busy_row WHERE id = 1");
                        update(rival, "UPDATE busy_row SET n = n + 1 WHERE id = 1");
                        return update(c, "UPDATE busy_row SET n = 0 WHERE id = 1");
                    }))
                    .isInstanceOf(StorageBusyException.class)
                    .hasMessageContaining("10 times");
        }
        assertThat(attempts).hasValue(Backoff.DEFAULT.attempts());
        assertThat(number("SELECT n FROM busy_row")).isEqualTo(10);
    }

    @Test
    void aDeadlockVictimIsRetriedAndBothTransactionsCommit() throws Exception {
        storage.transaction(c -> update(c, "INSERT INTO busy_row VALUES (2, 0)"));
        storage.close();
        // no lock timeout: the server's deadlock detector (after deadlock_timeout, 1 s) must pick the victim
        storage = PostgresSqlStorage.open(new PostgresConfig(
                database.url(), Optional.of(database.user()), Optional.empty(), "public", 4, 0, 0, 2000, 30_000));
        CountDownLatch firstLocked = new CountDownLatch(1);
        CountDownLatch secondLocked = new CountDownLatch(1);
        AtomicInteger attempts = new AtomicInteger();
        try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            Future<Integer> first = threads.submit(() -> storage.transaction(c -> {
                attempts.incrementAndGet();
                update(c, "UPDATE busy_row SET n = n + 1 WHERE id = 1");
                firstLocked.countDown();
                await(secondLocked);
                return update(c, "UPDATE busy_row SET n = n + 1 WHERE id = 2");
            }));
            Future<Integer> second = threads.submit(() -> storage.transaction(c -> {
                attempts.incrementAndGet();
                update(c, "UPDATE busy_row SET n = n + 1 WHERE id = 2");
                secondLocked.countDown();
                await(firstLocked);
                return update(c, "UPDATE busy_row SET n = n + 1 WHERE id = 1");
            }));

            assertThat(first.get(20, TimeUnit.SECONDS)).isEqualTo(1);
            assertThat(second.get(20, TimeUnit.SECONDS)).isEqualTo(1);
        }
        assertThat(attempts.get()).isGreaterThanOrEqualTo(3);
        assertThat(number("SELECT sum(n) FROM busy_row")).isEqualTo(4);
    }

    @Test
    void anOrdinaryErrorIsNotRetried() {
        AtomicInteger attempts = new AtomicInteger();

        assertThatThrownBy(() -> storage.transaction(c -> {
                    attempts.incrementAndGet();
                    return update(c, "INSERT INTO busy_row VALUES (1, 1)");
                }))
                .isInstanceOf(StorageException.class)
                .isNotInstanceOf(StorageBusyException.class);

        assertThat(attempts).hasValue(1);
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private int number(String query) {
        try (Connection c = storage.dataSource().getConnection()) {
            return number(c, query);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private static int number(Connection c, String query) throws SQLException {
        try (Statement statement = c.createStatement();
                ResultSet rows = statement.executeQuery(query)) {
            rows.next();
            return rows.getInt(1);
        }
    }

    private static int update(Connection c, String sql) throws SQLException {
        try (Statement statement = c.createStatement()) {
            return statement.executeUpdate(sql);
        }
    }
}
