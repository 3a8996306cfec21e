package dev.switchboard.plugin.handoff.bench;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;

import org.sqlite.SQLiteConfig;

/**
 * The floor every durable write pays: sequential single-row {@code INSERT} transactions through plain sqlite-jdbc on
 * its own file, with the storage adapter's pragmas (WAL, {@code synchronous=FULL}, {@code BEGIN IMMEDIATE}). In WAL
 * mode with {@code synchronous=FULL} each commit syncs the WAL, so this is the disk's fsync-bound commit rate. Not
 * thread-safe.
 */
final class RawCommits implements AutoCloseable {

    private final Connection connection;
    private final PreparedStatement insert;
    private final String payload;
    private long cpuNanos;

    RawCommits(Path file, String payload) throws SQLException {
        SQLiteConfig config = new SQLiteConfig();
        config.setJournalMode(SQLiteConfig.JournalMode.WAL);
        config.setSynchronous(SQLiteConfig.SynchronousMode.FULL);
        config.setTransactionMode(SQLiteConfig.TransactionMode.IMMEDIATE);
        this.connection = config.createConnection("jdbc:sqlite:" + file);
        try (Statement ddl = connection.createStatement()) {
            ddl.execute("CREATE TABLE IF NOT EXISTS raw_commit (id INTEGER PRIMARY KEY, body TEXT NOT NULL)");
        }
        connection.setAutoCommit(false);
        this.insert = connection.prepareStatement("INSERT INTO raw_commit (body) VALUES (?)");
        this.payload = payload;
    }

    /** Commits single-row transactions for {@code millis} ms; @return how many committed. */
    long runFor(long millis) throws SQLException {
        long cpu = CpuTime.ofThisThread();
        long end = System.nanoTime() + millis * 1_000_000;
        long commits = 0;
        while (System.nanoTime() < end) {
            insert.setString(1, payload);
            insert.executeUpdate();
            connection.commit();
            commits++;
        }
        cpuNanos += CpuTime.ofThisThread() - cpu;
        return commits;
    }

    /** @return the CPU time {@link #runFor} used so far, in nanoseconds */
    long cpuNanos() {
        return cpuNanos;
    }

    @Override
    public void close() throws SQLException {
        insert.close();
        connection.close();
    }
}
