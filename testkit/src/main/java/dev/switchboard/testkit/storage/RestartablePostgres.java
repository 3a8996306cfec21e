package dev.switchboard.testkit.storage;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;

/**
 * A PostgreSQL server of one test's own (not the shared {@link TestPostgres} one), which the test may stop and start
 * again on the same data directory and port, as an operator restarts a database under a running Switchboard. Not
 * thread-safe: the test drives {@link #stop()} and {@link #start()} from one thread.
 */
public final class RestartablePostgres implements AutoCloseable {

    private final Path dataDirectory;
    private final int port;
    private EmbeddedPostgres server;

    private RestartablePostgres(Path dataDirectory, int port) {
        this.dataDirectory = dataDirectory;
        this.port = port;
    }

    /**
     * Initialises a new cluster in {@code dataDirectory} and starts it on a free loopback port.
     *
     * @param dataDirectory an empty directory (JUnit's {@code @TempDir}); kept across restarts
     * @return the running server
     * @throws IllegalStateException if it cannot start
     */
    public static RestartablePostgres start(Path dataDirectory) {
        int port;
        try (ServerSocket probe = new ServerSocket(0)) {
            port = probe.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        RestartablePostgres postgres = new RestartablePostgres(dataDirectory, port);
        postgres.start();
        return postgres;
    }

    /**
     * Starts the server again on its data directory and port.
     *
     * @throws IllegalStateException if it is running or cannot start
     */
    public void start() {
        if (server != null) {
            throw new IllegalStateException("the server is running");
        }
        try {
            server = EmbeddedPostgres.builder()
                    .setRegisterShutdownHook(true)
                    .setDataDirectory(dataDirectory)
                    .setCleanDataDirectory(false)
                    .setPort(port)
                    .setServerConfig("fsync", "on")
                    .start();
        } catch (IOException | RuntimeException e) {
            throw new IllegalStateException("the embedded PostgreSQL did not start: " + e.getMessage(), e);
        }
    }

    /**
     * Stops the server as {@code pg_ctl stop -m fast} does: open sessions are ended, committed data stays.
     *
     * @throws UncheckedIOException if it cannot be stopped
     */
    public void stop() {
        EmbeddedPostgres running = server;
        server = null;
        if (running != null) {
            try {
                running.close();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /**
     * Creates a new, empty database; the server must be running.
     *
     * @param name the database's name, a lower-case identifier
     * @return the database
     * @throws IllegalStateException if it cannot be created
     */
    public TestDatabase database(String name) {
        String url = "jdbc:postgresql://localhost:" + port + "/";
        try (Connection admin = DriverManager.getConnection(url + "postgres", TestPostgres.SUPERUSER, null);
                Statement create = admin.createStatement()) {
            create.execute("CREATE DATABASE " + name + " TEMPLATE template0 ENCODING 'UTF8'");
        } catch (SQLException e) {
            throw new IllegalStateException("cannot create the test database " + name + ": " + e.getMessage(), e);
        }
        return new TestDatabase(url + name, TestPostgres.SUPERUSER, name, port);
    }

    /** Stops the server; the data directory is the test's to remove. */
    @Override
    public void close() {
        stop();
    }
}
