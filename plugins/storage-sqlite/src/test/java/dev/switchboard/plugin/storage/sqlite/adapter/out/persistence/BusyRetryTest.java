package dev.switchboard.plugin.storage.sqlite.adapter.out.persistence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.ports.storage.StorageBusyException;

/**
 * Another process holding the file's write lock past the busy timeout: the adapter runs the transaction again from
 * scratch until the lock is free, within its retry budget, and only then reports the database busy.
 */
class BusyRetryTest {

    @TempDir
    Path temp;

    @Test
    void aTransactionWaitsOutAWriteLockHeldByAnotherProcessPastTheBusyTimeout() throws Exception {
        Path file = temp.resolve("locked.db");
        try (SqliteSqlStorage storage = SqliteSqlStorage.open(file, 0, Duration.ofMillis(50), Duration.ofSeconds(30));
                Connection other = DriverManager.getConnection("jdbc:sqlite:" + file);
                Statement statement = other.createStatement()) {
            storage.transaction(c -> Sql.update(c, "CREATE TABLE t (n INTEGER)"));
            statement.execute("BEGIN IMMEDIATE");
            CompletableFuture<Integer> insert = new CompletableFuture<>();
            Thread writer = Thread.ofPlatform()
                    .start(() -> insert.complete(storage.transaction(c -> Sql.update(c, "INSERT INTO t VALUES (1)"))));

            awaitPausingBetweenAttempts(writer);
            statement.execute("COMMIT");

            assertThat(insert.get(30, TimeUnit.SECONDS)).isEqualTo(1);
            int rows = storage.snapshot(c -> Sql.number(c, "SELECT count(*) FROM t"));
            assertThat(rows).isEqualTo(1);
            assertThat(storage.statistics().orElseThrow().busy()).isPositive();
        }
    }

    @Test
    void aLockThatOutlastsTheBudgetFailsAsBusyNamingTheAttemptsWithNothingWritten() throws Exception {
        Path file = temp.resolve("locked.db");
        try (SqliteSqlStorage storage = SqliteSqlStorage.open(file, 0, Duration.ofMillis(50), Duration.ofMillis(200));
                Connection other = DriverManager.getConnection("jdbc:sqlite:" + file);
                Statement statement = other.createStatement()) {
            storage.transaction(c -> Sql.update(c, "CREATE TABLE t (n INTEGER)"));
            statement.execute("BEGIN IMMEDIATE");

            assertThatThrownBy(() -> storage.transaction(c -> Sql.update(c, "INSERT INTO t VALUES (1)")))
                    .isInstanceOf(StorageBusyException.class)
                    .hasMessageContaining("busy timeout")
                    .hasMessageMatching("(?s).*\\(\\d+ attempts\\)$");

            statement.execute("ROLLBACK");
            int rows = storage.snapshot(c -> Sql.number(c, "SELECT count(*) FROM t"));
            assertThat(rows).isZero();
        }
    }

    /** The writer pauses (timed waiting) only between attempts, which it makes only after finding the file locked. */
    private static void awaitPausingBetweenAttempts(Thread writer) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (writer.getState() != Thread.State.TIMED_WAITING && System.nanoTime() < deadline) {
            Thread.sleep(1);
        }
        assertThat(writer.getState()).isEqualTo(Thread.State.TIMED_WAITING);
    }
}
