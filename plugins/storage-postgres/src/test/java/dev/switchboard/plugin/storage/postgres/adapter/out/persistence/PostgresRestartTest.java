package dev.switchboard.plugin.storage.postgres.adapter.out.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.ports.storage.Migration;
import dev.switchboard.ports.storage.StorageBusyException;
import dev.switchboard.testkit.storage.RestartablePostgres;
import dev.switchboard.testkit.storage.TestDatabase;

/**
 * PostgreSQL restarts under load: the transactions in flight fail as busy, the pool reconnects once the server is
 * back, and every transaction that returned committed is still there.
 */
class PostgresRestartTest {

    private static final int WRITERS = 6;

    @TempDir
    Path dataDirectory;

    @Test
    void inFlightTransactionsFailAsBusyThePoolReconnectsAndNothingCommittedIsLost() throws Exception {
        try (RestartablePostgres server = RestartablePostgres.start(dataDirectory)) {
            TestDatabase database = server.database("restart");
            PostgresSqlStorage storage = PostgresSqlStorage.open(new PostgresConfig(
                    database.url(),
                    Optional.of(database.user()),
                    Optional.empty(),
                    "public",
                    WRITERS,
                    0,
                    0,
                    1000,
                    30_000));
            try {
                storage.migrate(
                        "restart",
                        List.of(new Migration(
                                1,
                                "create log",
                                "CREATE TABLE restart_log(id BIGINT PRIMARY KEY, writer INTEGER NOT NULL);")));
                Set<Long> committed = ConcurrentHashMap.newKeySet();
                AtomicInteger busy = new AtomicInteger();
                AtomicInteger afterRestart = new AtomicInteger();
                AtomicBoolean restarted = new AtomicBoolean();
                AtomicBoolean stop = new AtomicBoolean();
                AtomicLong ids = new AtomicLong();
                List<Future<?>> writers = new ArrayList<>();
                try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
                    for (int w = 0; w < WRITERS; w++) {
                        int writer = w;
                        writers.add(threads.submit(() -> {
                            while (!stop.get()) {
                                long id = ids.incrementAndGet();
                                try {
                                    storage.transaction(c -> insert(c, id, writer));
                                    committed.add(id);
                                    if (restarted.get()) {
                                        afterRestart.incrementAndGet();
                                    }
                                } catch (StorageBusyException e) {
                                    busy.incrementAndGet();
                                }
                            }
                            return null;
                        }));
                    }
                    awaitAtLeast(committed, 200);
                    server.stop();
                    Thread.sleep(500);
                    server.start();
                    restarted.set(true);
                    awaitAtLeast(afterRestart, 200);
                    stop.set(true);
                    for (Future<?> writer : writers) {
                        writer.get(); // no exception but StorageBusyException escaped a writer
                    }
                }

                assertThat(busy)
                        .as("transactions in flight or begun while the server was down")
                        .hasPositiveValue();
                assertThat(afterRestart)
                        .as("committed through the reconnected pool")
                        .hasValueGreaterThanOrEqualTo(200);
                assertThat(storedIds(database)).containsAll(committed);
            } finally {
                storage.close();
            }
        }
    }

    private static int insert(Connection c, long id, int writer) throws SQLException {
        try (PreparedStatement insert = c.prepareStatement("INSERT INTO restart_log(id, writer) VALUES (?, ?)")) {
            insert.setLong(1, id);
            insert.setInt(2, writer);
            return insert.executeUpdate();
        }
    }

    private static Set<Long> storedIds(TestDatabase database) throws SQLException {
        Set<Long> stored = ConcurrentHashMap.newKeySet();
        try (Connection c = database.connect();
                Statement select = c.createStatement();
                ResultSet rows = select.executeQuery("SELECT id FROM restart_log")) {
            while (rows.next()) {
                stored.add(rows.getLong(1));
            }
        }
        return stored;
    }

    private static void awaitAtLeast(Set<Long> set, int count) throws InterruptedException {
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (set.size() < count && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertThat(set).as("committed before the deadline").hasSizeGreaterThanOrEqualTo(count);
    }

    private static void awaitAtLeast(AtomicInteger counter, int count) throws InterruptedException {
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (counter.get() < count && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertThat(counter).as("committed before the deadline").hasValueGreaterThanOrEqualTo(count);
    }
}
