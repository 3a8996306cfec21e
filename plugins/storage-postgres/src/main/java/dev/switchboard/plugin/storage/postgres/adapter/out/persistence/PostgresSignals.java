package dev.switchboard.plugin.storage.postgres.adapter.out.persistence;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.Set;

import javax.sql.DataSource;

import dev.switchboard.ports.signal.SignalReceiver;
import dev.switchboard.ports.signal.SignalRelay;
import dev.switchboard.ports.storage.SqlWork;

/**
 * The {@link SignalRelay} of one PostgreSQL database: {@code LISTEN}/{@code NOTIFY}, sent after the commit. A publish
 * records its topic for the running attempt of the caller's transaction and sends nothing; once that transaction has
 * committed, its topics are reported to this storage's own subscribers at once and handed to the
 * {@link BatchingNotifier}, which sends them, coalesced with other commits' topics, as one {@code NOTIFY} statement on
 * its own connection (an attempt rolled back, for a retry or for good, sends nothing). Other storages' (other processes
 * and nodes) notifications arrive through one dedicated listening connection ({@link SignalListener}), which exists
 * only while someone subscribes. A notification carries this storage's random node id, so its own echo is not reported
 * twice.
 *
 * <p>The window this opens (a process that dies between its commit and its batch never notifies) is closed by the
 * {@link SignalLog}: the committing transaction appends its topics in the round trip of its {@code COMMIT}, and the
 * listener reads the rows other nodes appended every {@code signalResyncMs}, reporting only their topics (nothing on
 * an idle database), so a waiter elsewhere re-reads at the latest then. After each (re)connect it reports every
 * watched topic.
 *
 * <p>Channels are {@code sb.<8 hex digits of the schema's SHA-256>.<topic>} (at most 60 bytes, below PostgreSQL's
 * 63), so two installations in two schemas of one database do not wake each other. Thread-safe.
 */
final class PostgresSignals implements SignalRelay, AutoCloseable {

    private final String channelPrefix;

    /** The topics the unit of work running on this thread published (of its current attempt). */
    private final ThreadLocal<Set<String>> unit = new ThreadLocal<>();

    private final String node;
    private final SignalListener listener;
    private final BatchingNotifier notifier;
    private volatile SignalReceiver receiver;

    /**
     * @param connections where the listening and the notifying connections come from (not the pool: both are held
     *                    for long)
     * @param schema      the installation's schema, which the channel names are kept apart by
     * @param resyncMs    how often the listener reports every watched topic unasked, in milliseconds
     * @param outages     where the two connections' losses and returns are logged for the operator
     * @param node        this storage's random node id, which its notifications carry
     * @param log         the durable trace of commits' topics, which the listener reads at each resync
     */
    PostgresSignals(
            DataSource connections, String schema, long resyncMs, OutageLog outages, String node, SignalLog log) {
        this.node = node;
        this.channelPrefix = channelPrefix(schema);
        this.listener = new SignalListener(connections, node, channelPrefix, resyncMs, this::report, outages, log);
        this.notifier = new BatchingNotifier(connections, channelPrefix, node, outages);
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
     * retried transaction starts afresh. A transaction opened inside the work records its own topics, and the outer
     * one's recording resumes after it.
     */
    <T> SqlWork<T> recording(SqlWork<T> work, Set<String> published) {
        return connection -> {
            published.clear();
            Set<String> outer = unit.get();
            unit.set(published);
            try {
                return work.run(connection);
            } finally {
                if (outer == null) {
                    unit.remove();
                } else {
                    unit.set(outer);
                }
            }
        };
    }

    /**
     * Called after the transaction that published {@code published} committed: reports them here at once and queues
     * their {@code NOTIFY}; never waits for the database.
     */
    void committed(Set<String> published) {
        if (!published.isEmpty()) {
            Set<String> topics = Set.copyOf(published);
            report(topics);
            notifier.send(topics);
        }
    }

    /** @return a fresh set for {@link #recording} */
    static Set<String> published() {
        return new LinkedHashSet<>();
    }

    /** Records {@code topic} for the commit of the running transaction; no statement is sent. */
    @Override
    public void publish(Connection transaction, String topic) {
        Set<String> published = unit.get();
        if (published == null || transaction == null) {
            throw new IllegalStateException(
                    "publish(" + topic + ") must be called inside SqlStorage.transaction, with its connection");
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

    /** @return how many {@code NOTIFY} statements this storage sent so far (each a batch of coalesced topics) */
    long notifyBatches() {
        return notifier.batchesSent();
    }

    /**
     * Stops listening and closes the listening connection, then sends the notifications still queued (waiting at
     * most {@value BatchingNotifier#CLOSE_TIMEOUT_MS} ms) and closes the notifying one. Idempotent.
     */
    @Override
    public void close() {
        listener.watch(Set.of());
        notifier.close();
    }

    private void report(Set<String> topics) {
        SignalReceiver current = receiver;
        if (current != null) {
            current.changed(topics);
        }
    }
}
