package dev.switchboard.plugin.storage.sqlite.adapter.out.persistence;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

import dev.switchboard.ports.signal.SignalReceiver;
import dev.switchboard.ports.signal.SignalRelay;
import dev.switchboard.ports.storage.SqlWork;
import dev.switchboard.ports.storage.StorageException;

/**
 * The {@link SignalRelay} of one SQLite file. A publish bumps the topic's counter in {@value SignalVersions#TABLE}
 * inside the caller's transaction; once that transaction has committed, the publishing process's subscribers are woken
 * at once (through the receiver), and other processes' {@link SignalPoller}s see the counter move within their poll
 * interval. Only topics whose counter moved are reported, so listeners of other topics are not woken.
 *
 * <p>The table is created by the first publish (in its transaction), not at start-up, so a server that never
 * publishes never writes it. Thread-safe.
 */
final class SqliteSignals implements SignalRelay, AutoCloseable {

    private static final String UPSERT = "INSERT INTO " + SignalVersions.TABLE + "(topic, version) VALUES (?, 1)"
            + " ON CONFLICT(topic) DO UPDATE SET version = version + 1 RETURNING version";

    /** The topics the unit of work running on this thread published, with their new counters. */
    private final ThreadLocal<Map<String, Long>> unit = new ThreadLocal<>();

    private final SignalVersions seen = new SignalVersions();
    private final SignalPoller poller;
    private volatile SignalReceiver receiver;
    private volatile boolean tableReady;

    /**
     * @param readers      where the poller's dedicated read connection comes from
     * @param pollInterval how often another process's commits are looked for, while anyone subscribes
     */
    SqliteSignals(ReadDataSource readers, Duration pollInterval) {
        this.poller = new SignalPoller(readers, pollInterval, seen, this::report);
    }

    /**
     * Takes the counters as they are now as seen, so that only later commits are delivered.
     *
     * @param connection a connection outside a transaction
     * @return nothing
     */
    Void seenFrom(Connection connection) throws SQLException {
        SignalPoller.advance(connection, seen);
        tableReady = SignalPoller.exists(connection);
        return null;
    }

    /**
     * Wraps a unit of work so that the topics it publishes are recorded for {@link #committed}.
     *
     * @param published filled with the topics the work publishes and their new counters
     */
    <T> SqlWork<T> recording(SqlWork<T> work, Map<String, Long> published) {
        return connection -> {
            unit.set(published);
            try {
                return work.run(connection);
            } finally {
                unit.remove();
            }
        };
    }

    /** Called after the transaction that published {@code published} committed: wakes this process's subscribers. */
    void committed(Map<String, Long> published) {
        if (published.isEmpty()) {
            return;
        }
        tableReady = true;
        published.forEach(seen::advance);
        report(published.keySet());
    }

    @Override
    public void publish(Connection transaction, String topic) {
        Map<String, Long> published = unit.get();
        if (published == null) {
            throw new IllegalStateException(
                    "publish(" + topic + ") must be called inside SqlStorage.transaction, with its connection");
        }
        try {
            if (!tableReady) {
                try (Statement statement = transaction.createStatement()) {
                    statement.execute(SignalVersions.CREATE);
                }
            }
            try (PreparedStatement upsert = transaction.prepareStatement(UPSERT)) {
                upsert.setString(1, topic);
                try (ResultSet version = upsert.executeQuery()) {
                    version.next();
                    published.put(topic, version.getLong(1));
                }
            }
        } catch (SQLException e) {
            throw new StorageException("cannot publish change signal " + topic + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void watch(Set<String> topics, SignalReceiver receiver) {
        this.receiver = receiver;
        if (topics.isEmpty()) {
            poller.stop();
        } else {
            poller.start();
        }
    }

    /** @return whether other processes' signals are being polled for (only while someone subscribes) */
    boolean polling() {
        return poller.running();
    }

    /** Stops the poller. Idempotent. */
    @Override
    public void close() {
        poller.stop();
    }

    private void report(Set<String> topics) {
        SignalReceiver current = receiver;
        if (current != null) {
            current.changed(topics);
        }
    }

    /** @return a fresh map for {@link #recording}, in publish order */
    static Map<String, Long> published() {
        return new LinkedHashMap<>();
    }
}
