package dev.switchboard.plugin.storage.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.ports.plugin.PluginContext;
import dev.switchboard.ports.storage.Migration;
import dev.switchboard.ports.storage.SqlStorage;
import dev.switchboard.ports.storage.StorageException;
import dev.switchboard.testkit.storage.TestDatabase;
import dev.switchboard.testkit.storage.TestPostgres;

/**
 * {@code ALTER ROLE ... PASSWORD} and a new password file under load, on a running storage: no restart, at most the
 * calls in flight fail, and a password file that lags behind the role is picked up as soon as it is written.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class PasswordRotationTest {

    private static final int POOL_SIZE = 4;
    private static final int WRITERS = 6;

    @TempDir
    Path dir;

    @Test
    void aRotationUnderLoadFailsAtMostTheCallsInFlightAndServiceResumesWithoutARestart() throws Exception {
        String role = "sb_rotation_a";
        TestDatabase database = databaseOwnedBy(role, "first-password");
        Path file = passwordFile("first-password");
        PostgresStorageProvider provider = provider(database, role, file);
        try (Load load = new Load(provider.open())) {
            load.awaitSuccesses(20);

            alterPassword(database, role, "second-password");
            writePassword(file, "second-password");
            long failuresBefore = load.failures.get();
            long successesBefore = load.successes.get();
            terminateSessionsOf(database, role); // every pooled connection must log in again

            load.awaitSuccesses(successesBefore + 50);
            assertThat(load.failures.get() - failuresBefore)
                    .as("failures after the rotation: the calls in flight (one per writer), and at most one more per"
                            + " pooled connection whose session ended under it (the pool drops it then)")
                    .isLessThanOrEqualTo(WRITERS + POOL_SIZE);
            assertThat(load.lastFailure())
                    .satisfiesAnyOf(
                            failure -> assertThat(failure).isNull(),
                            failure -> assertThat(failure.getMessage()).doesNotContain("second-password"));
        } finally {
            provider.close();
        }
    }

    @Test
    void aPasswordFileWrittenAfterTheRoleChangedIsUsedAsSoonAsItIsWritten() throws Exception {
        String role = "sb_rotation_b";
        TestDatabase database = databaseOwnedBy(role, "old-password");
        Path file = passwordFile("old-password");
        PostgresStorageProvider provider = provider(database, role, file);
        try (Load load = new Load(provider.open())) {
            load.awaitSuccesses(20);

            alterPassword(database, role, "new-password");
            terminateSessionsOf(database, role);
            long refusedFrom = load.failures.get();
            // The old password is refused: no call can get a connection. A connection that logged in before the
            // ALTER but was not yet listed in pg_stat_activity when its sessions were ended (the pool fills itself
            // in the background; a busy host widens that window) would serve every call, so the role's sessions are
            // ended again while the refusals are awaited.
            load.awaitFailures(refusedFrom + 3, () -> terminateSessionsOf(database, role));

            writePassword(file, "new-password");
            long successesBefore = load.successes.get();

            load.awaitSuccesses(successesBefore + 50);
        } finally {
            provider.close();
        }
    }

    private PostgresStorageProvider provider(TestDatabase database, String role, Path file) {
        Map<String, Object> settings = Map.of(
                "url",
                database.url(),
                "user",
                role,
                "password-file",
                file.toString(),
                "pool-size",
                POOL_SIZE,
                "connect-timeout-ms",
                1000);
        return new PostgresStorageProvider(new PluginContext("storage-postgres", settings, dir), Map.of());
    }

    private static TestDatabase databaseOwnedBy(String role, String password) throws SQLException {
        TestPostgres.passwordRole(role, password);
        TestDatabase database = TestPostgres.database();
        try (Connection admin = database.connect();
                Statement statement = admin.createStatement()) {
            statement.execute("ALTER DATABASE " + database.name() + " OWNER TO " + role);
            statement.execute("ALTER SCHEMA public OWNER TO " + role);
        }
        return database;
    }

    private static void alterPassword(TestDatabase database, String role, String password) throws SQLException {
        try (Connection admin = database.connect();
                Statement statement = admin.createStatement()) {
            statement.execute("ALTER ROLE " + role + " PASSWORD '" + password + "'");
        }
    }

    private static void terminateSessionsOf(TestDatabase database, String role) throws SQLException {
        try (Connection admin = database.connect();
                Statement statement = admin.createStatement()) {
            statement.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = '" + role + "'");
        }
    }

    private Path passwordFile(String password) throws IOException {
        Path file = dir.resolve("postgres.password");
        writePassword(file, password);
        return file;
    }

    /** As an operator replaces it: a new owner-only file moved over the old one. */
    private void writePassword(Path file, String password) throws IOException {
        Path next = Files.createTempFile(dir, "password", ".new");
        Files.setPosixFilePermissions(next, PosixFilePermissions.fromString("rw-------"));
        Files.writeString(next, password + "\n");
        Files.move(next, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /** A statement run on the test database while a count is awaited. */
    @FunctionalInterface
    private interface SqlAction {
        void run() throws SQLException;
    }

    /** {@value #WRITERS} writers inserting one row per transaction until closed, counting what succeeds and fails. */
    private static final class Load implements AutoCloseable {

        final AtomicLong successes = new AtomicLong();
        final AtomicLong failures = new AtomicLong();
        private final AtomicBoolean running = new AtomicBoolean(true);
        private final List<Thread> writers = new ArrayList<>();
        private volatile StorageException lastFailure;

        Load(SqlStorage storage) {
            storage.migrate("rotation", List.of(new Migration(1, "rows", "CREATE TABLE rotation_row(n BIGINT);")));
            for (int i = 0; i < WRITERS; i++) {
                writers.add(Thread.ofVirtual().start(() -> {
                    while (running.get()) {
                        try {
                            storage.transaction(connection -> {
                                try (Statement insert = connection.createStatement()) {
                                    return insert.executeUpdate("INSERT INTO rotation_row VALUES (1)");
                                }
                            });
                            successes.incrementAndGet();
                        } catch (StorageException e) {
                            lastFailure = e;
                            failures.incrementAndGet();
                        }
                    }
                }));
            }
        }

        StorageException lastFailure() {
            return lastFailure;
        }

        void awaitSuccesses(long count) throws Exception {
            await(successes::get, count, "successful writes", () -> {});
        }

        /** Waits for the failures to reach {@code count}, running {@code meanwhile} about every 500 ms until then. */
        void awaitFailures(long count, SqlAction meanwhile) throws Exception {
            await(failures::get, count, "failed writes", meanwhile);
        }

        private static void await(LongSupplier counter, long count, String what, SqlAction meanwhile) throws Exception {
            long start = System.nanoTime();
            long deadline = start + TimeUnit.SECONDS.toNanos(20);
            long nextAction = start + TimeUnit.MILLISECONDS.toNanos(500);
            while (counter.getAsLong() < count) {
                long now = System.nanoTime();
                assertThat(now)
                        .as("%s reached %d within 20 s (now %d)", what, count, counter.getAsLong())
                        .isLessThan(deadline);
                if (now >= nextAction) {
                    meanwhile.run();
                    nextAction = now + TimeUnit.MILLISECONDS.toNanos(500);
                }
                Thread.sleep(10);
            }
        }

        @Override
        public void close() throws InterruptedException {
            running.set(false);
            for (Thread writer : writers) {
                writer.join();
            }
        }
    }
}
