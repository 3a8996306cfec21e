package dev.switchboard.plugin.handoff.bench;

import java.sql.PreparedStatement;
import java.sql.Statement;

import dev.switchboard.ports.storage.SqlStorage;

/**
 * The storage's group commit without the plugin's CPU: several threads each committing single-row {@code INSERT}s
 * (the raw commit's 1 KB text) through {@link SqlStorage#transaction} on the publishes' database. Above the raw
 * commit rate only if concurrent transactions share commits. Thread-safe.
 */
final class BareTransactions {

    private final SqlStorage storage;
    private final String payload;

    BareTransactions(SqlStorage storage, String payload) {
        this.storage = storage;
        this.payload = payload;
        storage.transaction(connection -> {
            try (Statement ddl = connection.createStatement()) {
                return ddl.executeUpdate(
                        "CREATE TABLE IF NOT EXISTS bench_bare (id INTEGER PRIMARY KEY," + " body TEXT NOT NULL)");
            }
        });
    }

    /** Commits from {@code threads} threads at once for {@code millis} ms; @return how many committed in all. */
    long concurrent(int threads, long millis) throws Exception {
        return ConcurrentRuns.total(threads, millis, this::commitUntil);
    }

    private long commitUntil(long end) {
        long count = 0;
        while (System.nanoTime() < end) {
            storage.transaction(connection -> {
                try (PreparedStatement insert =
                        connection.prepareStatement("INSERT INTO bench_bare (body) VALUES (?)")) {
                    insert.setString(1, payload);
                    return insert.executeUpdate();
                }
            });
            count++;
        }
        return count;
    }
}
