package dev.switchboard.testkit.storage;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;

/**
 * A durable PostgreSQL for benchmarks (HandoffBenchmark, MailboxBenchmark): the testkit's embedded server (the same Maven artifact, PostgreSQL 17.6, trust
 * authentication on loopback), but with PostgreSQL's own defaults for durability ({@code fsync},
 * {@code synchronous_commit} and {@code full_page_writes} on). zonky starts the server with {@code -F} (no fsync) and
 * its builder sets {@code synchronous_commit=off}, so {@code TestPostgres}, which tests use, commits without a flush. Its data
 * directory lives in the run's directory, on the same disk as the SQLite files. Not thread-safe to close while in use.
 */
public final class DurablePostgres implements AutoCloseable {

    private final EmbeddedPostgres server;

    /**
     * Starts the server.
     *
     * @param dataDirectory where its data directory goes (emptied first)
     * @throws IOException if it cannot start
     */
    public DurablePostgres(Path dataDirectory) throws IOException {
        this.server = EmbeddedPostgres.builder()
                .setDataDirectory(dataDirectory)
                .setCleanDataDirectory(true)
                .setServerConfig("max_connections", "300") // eight servers of ten connections each, and pgbench
                // zonky passes -F (fsync off) and synchronous_commit=off, as the testkit's server runs;
                // PostgreSQL's own defaults are on, and a durable commit needs them (full_page_writes for clarity)
                .setServerConfig("fsync", "on")
                .setServerConfig("synchronous_commit", "on")
                .setServerConfig("full_page_writes", "on")
                .start();
    }

    /**
     * @param name the database's name, a plain identifier
     * @return a new, empty database on the server, owned by the superuser {@code postgres}
     * @throws SQLException if the server refuses
     */
    public TestDatabase database(String name) throws SQLException {
        try (Connection admin = server.getPostgresDatabase().getConnection();
                Statement create = admin.createStatement()) {
            create.execute("CREATE DATABASE " + name + " TEMPLATE template0 ENCODING 'UTF8'");
        }
        return new TestDatabase(
                "jdbc:postgresql://localhost:" + server.getPort() + "/" + name, "postgres", name, server.getPort());
    }

    /**
     * @return the server's version and the settings a commit's durability depends on, as {@code SHOW} gives them
     * @throws SQLException if the server does not answer
     */
    public Map<String, String> durabilitySettings() throws SQLException {
        Map<String, String> settings = new LinkedHashMap<>();
        try (Connection connection = server.getPostgresDatabase().getConnection();
                Statement show = connection.createStatement()) {
            for (String name :
                    new String[] {"server_version", "synchronous_commit", "fsync", "full_page_writes", "wal_sync_method"
                    }) {
                try (ResultSet value = show.executeQuery("SHOW " + name)) {
                    value.next();
                    settings.put(name, value.getString(1));
                }
            }
        }
        return settings;
    }

    @Override
    public void close() throws IOException {
        server.close();
    }
}
