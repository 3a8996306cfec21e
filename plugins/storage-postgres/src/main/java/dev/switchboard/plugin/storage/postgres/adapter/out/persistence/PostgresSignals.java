package dev.switchboard.plugin.storage.postgres.adapter.out.persistence;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.UUID;

import javax.sql.DataSource;

import dev.switchboard.ports.signal.SignalReceiver;
import dev.switchboard.ports.signal.SignalRelay;
import dev.switchboard.ports.storage.SqlWork;
import dev.switchboard.ports.storage.StorageException;

/**
 * The {@link SignalRelay} of one PostgreSQL database: {@code LISTEN}/{@code NOTIFY}. A publish runs
 * {@code pg_notify} inside the caller's transaction, so PostgreSQL sends it when, and only if, that transaction
 * commits (an attempt rolled back for a retry sends nothing). This storage's own committed topics are reported at
 * once after the commit; other storages' (other processes and nodes) arrive through one dedicated listening connection
 * ({@link SignalListener}), which exists only while someone subscribes. A notification carries this storage's random
 * node id, so its own echo is not reported twice.
 *
 * <p>Channels are {@code sb.<8 hex digits of the schema's SHA-256>.<topic>} (at most 60 bytes, below PostgreSQL's
 * 63), so two installations in two schemas of one database do not wake each other. Thread-safe.
 */
final class PostgresSignals implements SignalRelay, AutoCloseable {

    private final String channelPrefix;

    /** The topics the unit of work running on this thread published (of its current attempt). */
    private final ThreadLocal<Set<String>> unit = new ThreadLocal<>();

    private final String node = UUID.randomUUID().toString();
    private final SignalListener listener;
    private volatile SignalReceiver receiver;

    /**
     * @param connections where the listening connection comes from (not the pool: it is held for long)
     * @param schema      the installation's schema, which the channel names are kept apart by
     */
    PostgresSignals(DataSource connections, String schema) {
        this.channelPrefix = channelPrefix(schema);
        this.listener = new SignalListener(connections, node, channelPrefix, this::report);
    }

    /** @return {@code sb.} and the first 8 hex digits of the schema name's SHA-256, then a dot */
    static String channelPrefix(String schema) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(schema.getBytes(StandardCharsets.UTF_8));
            return "sb." + HexFormat.of().formatHex(digest, 0, 4) + ".";
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK has no SHA-256", e);
        }
    }

    /**
     * Wraps a unit of work so that the topics it publishes are recorded for {@link #committed}; each attempt of a
     * retried transaction starts afresh.
     */
    <T> SqlWork<T> recording(SqlWork<T> work, Set<String> published) {
        return connection -> {
            published.clear();
            unit.set(published);
            try {
                return work.run(connection);
            } finally {
                unit.remove();
            }
        };
    }

    /** Called after the transaction that published {@code published} committed. */
    void committed(Set<String> published) {
        if (!published.isEmpty()) {
            report(Set.copyOf(published));
        }
    }

    /** @return a fresh set for {@link #recording} */
    static Set<String> published() {
        return new LinkedHashSet<>();
    }

    @Override
    public void publish(Connection transaction, String topic) {
        Set<String> published = unit.get();
        if (published == null) {
            throw new IllegalStateException(
                    "publish(" + topic + ") must be called inside SqlStorage.transaction, with its connection");
        }
        try (PreparedStatement notify = transaction.prepareStatement("SELECT pg_notify(?, ?)")) {
            notify.setString(1, channelPrefix + topic);
            notify.setString(2, node);
            notify.execute();
        } catch (SQLException e) {
            throw new StorageException("cannot publish change signal " + topic + ": " + e.getMessage(), e);
        }
        published.add(topic);
    }

    @Override
    public void watch(Set<String> topics, SignalReceiver receiver) {
        this.receiver = receiver;
        listener.watch(topics);
    }

    /** @return whether the listening connection's thread runs (only while someone subscribes) */
    boolean listening() {
        return listener.running();
    }

    /** Stops listening and closes the listening connection. Idempotent. */
    @Override
    public void close() {
        listener.watch(Set.of());
    }

    private void report(Set<String> topics) {
        SignalReceiver current = receiver;
        if (current != null) {
            current.changed(topics);
        }
    }
}
