package dev.switchboard.plugin.handoff.bench;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;

import dev.switchboard.testkit.storage.TestDatabase;

/**
 * PostgreSQL's own single-row insert rate, the floor a durable publish pays there: plain JDBC (pgjdbc, no pool, no
 * storage adapter), each thread on its own connection committing one {@code INSERT} of the raw commit's 1 KB text per
 * transaction, on its own database of the benchmark's server. With {@code notify}, each transaction also sends a
 * {@code pg_notify} inside it, as a publish's change signal did before storage-postgres sent them after the commit:
 * what a notifying commit costs by itself (PostgreSQL serialises notifying committers). Thread-safe
 * (each run opens its own connections).
 */
final class RawPostgresInserts {

    private final TestDatabase database;
    private final String payload;
    private final boolean notify;

    RawPostgresInserts(TestDatabase database, String payload, boolean notify) throws SQLException {
        this.database = database;
        this.payload = payload;
        this.notify = notify;
        try (Connection connection = database.connect();
                Statement ddl = connection.createStatement()) {
            ddl.execute("CREATE TABLE IF NOT EXISTS raw_commit (id BIGSERIAL PRIMARY KEY, body TEXT NOT NULL)");
        }
    }

    /** Commits from {@code connections} connections at once for {@code millis} ms; @return how many in all. */
    long concurrent(int connections, long millis) throws Exception {
        return ConcurrentRuns.total(connections, millis, this::commitUntil);
    }

    private long commitUntil(long end) throws SQLException {
        try (Connection connection = database.connect();
                PreparedStatement insert = connection.prepareStatement("INSERT INTO raw_commit (body) VALUES (?)");
                PreparedStatement signal = connection.prepareStatement("SELECT pg_notify('bench_raw', '')")) {
            connection.setAutoCommit(false);
            long commits = 0;
            while (System.nanoTime() < end) {
                insert.setString(1, payload);
                insert.executeUpdate();
                if (notify) {
                    signal.execute();
                }
                connection.commit();
                commits++;
            }
            return commits;
        }
    }
}
