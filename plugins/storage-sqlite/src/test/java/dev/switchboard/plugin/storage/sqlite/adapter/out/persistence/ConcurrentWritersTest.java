package dev.switchboard.plugin.storage.sqlite.adapter.out.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.ports.storage.Migration;
import dev.switchboard.ports.storage.SqlStorage;
import dev.switchboard.storage.migration.MigrationRunner;

class ConcurrentWritersTest {

    private static final int THREADS = 8;
    private static final int WRITES_PER_THREAD = 25;
    private static final List<Migration> COUNTER = List.of(
            new Migration(
                    1, "create counter", "CREATE TABLE counter(n INTEGER NOT NULL);\nINSERT INTO counter VALUES (0);"),
            new Migration(2, "create log", "CREATE TABLE log(thread INTEGER NOT NULL, i INTEGER NOT NULL);"));

    @TempDir
    Path temp;

    @Test
    void virtualThreadWritersAndReadersAllSucceed() throws Exception {
        try (SqliteSqlStorage storage = SqliteSqlStorage.open(temp.resolve("test.db"), 5000)) {
            storage.migrate("counter", COUNTER);

            try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
                runTogether(
                        threads,
                        THREADS * 2,
                        thread -> thread % 2 == 0 ? incrementRepeatedly(storage, thread) : readRepeatedly(storage));
            }

            assertTotals(storage, THREADS * WRITES_PER_THREAD);
        }
    }

    @Test
    void twoStoragesOnOneFileWaitForEachOthersWrites() throws Exception {
        Path file = temp.resolve("shared.db");
        try (SqliteSqlStorage first = SqliteSqlStorage.open(file, 5000);
                SqliteSqlStorage second = SqliteSqlStorage.open(file, 5000)) {
            try (ExecutorService threads = Executors.newFixedThreadPool(THREADS)) {
                // both migrate at once: each version must be applied exactly once
                runTogether(threads, THREADS, thread -> (thread % 2 == 0 ? first : second).migrate("counter", COUNTER));
                runTogether(threads, THREADS, thread -> incrementRepeatedly(thread % 2 == 0 ? first : second, thread));
            }

            assertTotals(first, THREADS * WRITES_PER_THREAD);
            assertThat(Sql.number(first.dataSource(), "SELECT count(*) FROM " + MigrationRunner.VERSION_TABLE))
                    .isEqualTo(2);
        }
    }

    @Test
    void concurrentMigrationsOfOneOwnerApplyEachVersionOnce() throws Exception {
        try (SqliteSqlStorage storage = SqliteSqlStorage.open(temp.resolve("test.db"), 5000)) {
            List<Integer> versions;
            try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
                versions = runTogether(threads, THREADS, thread -> storage.migrate("counter", COUNTER));
            }

            assertThat(versions).containsOnly(2);
            assertThat(Sql.number(storage.dataSource(), "SELECT count(*) FROM counter"))
                    .isEqualTo(1);
            assertThat(Sql.number(storage.dataSource(), "SELECT count(*) FROM " + MigrationRunner.VERSION_TABLE))
                    .isEqualTo(2);
        }
    }

    private static int incrementRepeatedly(SqlStorage storage, int thread) {
        for (int i = 0; i < WRITES_PER_THREAD; i++) {
            int round = i;
            storage.transaction(connection -> {
                // read-modify-write: lost updates would show if two writers overlapped
                int n = Sql.number(connection, "SELECT n FROM counter");
                Sql.update(connection, "UPDATE counter SET n = " + (n + 1));
                return Sql.update(connection, "INSERT INTO log VALUES (" + thread + ", " + round + ")");
            });
        }
        return WRITES_PER_THREAD;
    }

    private static int readRepeatedly(SqlStorage storage) {
        try {
            int last = 0;
            for (int i = 0; i < WRITES_PER_THREAD; i++) {
                int seen = Sql.number(storage.dataSource(), "SELECT n FROM counter");
                assertThat(seen).isGreaterThanOrEqualTo(last);
                last = seen;
            }
            return last;
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void assertTotals(SqlStorage storage, int expected) throws SQLException {
        assertThat(Sql.number(storage.dataSource(), "SELECT n FROM counter")).isEqualTo(expected);
        assertThat(Sql.number(storage.dataSource(), "SELECT count(*) FROM log")).isEqualTo(expected);
    }

    /** Starts {@code count} tasks at the same moment and returns their results; a task's failure fails the test. */
    private static <T> List<T> runTogether(ExecutorService threads, int count, Task<T> task)
            throws InterruptedException, ExecutionException {
        CountDownLatch start = new CountDownLatch(1);
        List<Future<T>> futures = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            int thread = i;
            Callable<T> call = () -> {
                start.await();
                return task.run(thread);
            };
            futures.add(threads.submit(call));
        }
        start.countDown();
        List<T> results = new ArrayList<>();
        for (Future<T> future : futures) {
            results.add(future.get());
        }
        return results;
    }

    @FunctionalInterface
    private interface Task<T> {
        T run(int thread);
    }
}
