package dev.switchboard.plugin.storage.postgres.adapter.out.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.ports.storage.Migration;
import dev.switchboard.ports.storage.StorageException;
import dev.switchboard.testkit.storage.RestartablePostgres;
import dev.switchboard.testkit.storage.TestDatabase;

/**
 * A PostgreSQL restart under writers, readers and a change-signal listener is two lines in the log
 * (down, back), and a call made while the server is down fails within the connect timeout.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class OutageUnderLoadTest {

    private static final int WRITERS = 8;
    private static final int READERS = 2;
    private static final int CONNECT_TIMEOUT_MS = 1000;

    @TempDir
    Path dataDirectory;

    @Test
    void aRestartUnderLoadIsOneDownAndOneBackLineAndCallsMeanwhileFailWithinTheConnectTimeout() throws Exception {
        List<String> lines = new CopyOnWriteArrayList<>();
        try (RestartablePostgres server = RestartablePostgres.start(dataDirectory)) {
            TestDatabase database = server.database("outage");
            OutageLog outages =
                    new OutageLog(database.url(), Duration.ofMillis(CONNECT_TIMEOUT_MS), System::nanoTime, lines::add);
            PostgresSqlStorage storage = PostgresSqlStorage.open(
                    new PostgresConfig(
                            database.url(),
                            Optional.of(database.user()),
                            Optional.empty(),
                            "public",
                            WRITERS,
                            0,
                            0,
                            CONNECT_TIMEOUT_MS,
                            30_000),
                    outages);
            try {
                storage.migrate(
                        "outage",
                        List.of(new Migration(1, "create log", "CREATE TABLE outage_log(id BIGINT PRIMARY KEY);")));
                storage.signals().watch(Set.of("outage"), topics -> {});
                AtomicBoolean stop = new AtomicBoolean();
                AtomicBoolean down = new AtomicBoolean();
                AtomicLong ids = new AtomicLong();
                AtomicLong succeededAfterRestart = new AtomicLong();
                AtomicBoolean restarted = new AtomicBoolean();
                List<Long> failedCallMillis = new CopyOnWriteArrayList<>();
                List<Future<?>> workers = new ArrayList<>();
                try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
                    for (int w = 0; w < WRITERS + READERS; w++) {
                        boolean writer = w < WRITERS;
                        workers.add(threads.submit(() -> {
                            while (!stop.get()) {
                                boolean startedDown = down.get();
                                long started = System.nanoTime();
                                try {
                                    if (writer) {
                                        long id = ids.incrementAndGet();
                                        storage.transaction(c -> {
                                            storage.signals().publish(c, "outage");
                                            return insert(c, id);
                                        });
                                    } else {
                                        read(storage);
                                    }
                                    if (restarted.get()) {
                                        succeededAfterRestart.incrementAndGet();
                                    }
                                } catch (StorageException e) {
                                    if (startedDown) {
                                        failedCallMillis.add((System.nanoTime() - started) / 1_000_000);
                                    }
                                    Thread.sleep(5);
                                }
                            }
                            return null;
                        }));
                    }
                    awaitAtLeast(ids, 200);
                    server.stop();
                    down.set(true);
                    awaitAtLeast(failedCallMillis, 2 * (WRITERS + READERS));
                    down.set(false);
                    server.start();
                    restarted.set(true);
                    awaitAtLeast(succeededAfterRestart, 200);
                    // the end is logged at the first answer a connect timeout after the outage's last failure
                    awaitAtLeast(lines, 2);
                    long more = succeededAfterRestart.get() + 100;
                    awaitAtLeast(succeededAfterRestart, more);
                    stop.set(true);
                    for (Future<?> worker : workers) {
                        worker.get();
                    }
                }
                assertThat(lines).hasSize(2);
                assertThat(lines.get(0)).contains("is unreachable");
                assertThat(lines.get(1)).contains("answers again");
                assertThat(failedCallMillis)
                        .as("each call made while the server was down failed within the connect timeout")
                        .allSatisfy(ms -> assertThat(ms).isLessThanOrEqualTo(CONNECT_TIMEOUT_MS + 500L));
            } finally {
                storage.close();
            }
        }
    }

    private static int insert(Connection c, long id) throws java.sql.SQLException {
        try (PreparedStatement insert = c.prepareStatement("INSERT INTO outage_log(id) VALUES (?)")) {
            insert.setLong(1, id);
            return insert.executeUpdate();
        }
    }

    private static void read(PostgresSqlStorage storage) {
        try (Connection c = storage.dataSource().getConnection();
                Statement select = c.createStatement();
                ResultSet rows = select.executeQuery("SELECT count(*) FROM outage_log")) {
            rows.next();
        } catch (java.sql.SQLException e) {
            throw new StorageException("read failed: " + e.getMessage(), e);
        }
    }

    private static void awaitAtLeast(AtomicLong counter, long count) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(40);
        while (counter.get() < count && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertThat(counter.get()).as("reached before the deadline").isGreaterThanOrEqualTo(count);
    }

    private static void awaitAtLeast(List<?> list, int count) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(40);
        while (list.size() < count && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertThat(list).as("reached before the deadline").hasSizeGreaterThanOrEqualTo(count);
    }
}
