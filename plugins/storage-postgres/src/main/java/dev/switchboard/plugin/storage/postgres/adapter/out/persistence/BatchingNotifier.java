package dev.switchboard.plugin.storage.postgres.adapter.out.persistence;

import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

import javax.sql.DataSource;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sends the {@code NOTIFY}s of committed transactions, after their commit and outside them, on one dedicated
 * connection: topics handed to {@link #send} while a batch is on its way are coalesced into the next one, and a batch
 * is one statement ({@code SELECT pg_notify(c, node) FROM unnest(channels)}) in one auto-committed transaction.
 *
 * <p>Why not {@code pg_notify} in the publishing transaction: PostgreSQL takes its cluster-wide notify-queue lock from
 * the {@code NOTIFY} until after that transaction's commit record is flushed, so every notifying committer waits for
 * the one before it and group commit is lost (see {@code docs/performance.md}). Here only this connection takes that
 * lock, once per batch, and it commits with {@code synchronous_commit = off}, so it holds it for no flush: a
 * notification lost in a server crash is covered by the listeners' re-signal on reconnect.
 *
 * <p>Guarantees: a topic handed over is sent at least once (a failed batch is kept and sent again after a pause that
 * grows to {@value #MAX_PAUSE_MS} ms, on a new connection) unless the process ends or {@link #close} gives up first;
 * what a crash between a commit and its batch loses is covered by {@link SignalListener}'s periodic re-signal.
 * Callers never wait for the database. Failures and the recovery go to the storage's {@link OutageLog}. There is
 * no thread and no connection until the first {@link #send}. Thread-safe.
 */
final class BatchingNotifier implements AutoCloseable {

    /** The {@code application_name} of the notifying connection, for operators. */
    static final String APPLICATION_NAME = "switchboard-notifier";

    static final int MAX_PAUSE_MS = 1_000;
    /** How long {@link #close} waits for the batches still pending. */
    static final long CLOSE_TIMEOUT_MS = 2_000;

    private static final Logger LOG = LoggerFactory.getLogger(BatchingNotifier.class);

    private final DataSource connections;
    private final String channelPrefix;
    private final String node;
    private final OutageLog outages;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private Set<String> pending = new LinkedHashSet<>();
    private boolean sending;
    private boolean closed;
    private Thread thread;
    private long batches;

    /**
     * @param connections   where the notifying connection comes from (not the pool: it is held for long)
     * @param channelPrefix what this installation's channel names start with
     * @param node          the payload of every notification: the sending storage's node id
     * @param outages       where a lost connection and its return are logged for the operator
     */
    BatchingNotifier(DataSource connections, String channelPrefix, String node, OutageLog outages) {
        this.connections = connections;
        this.channelPrefix = channelPrefix;
        this.node = node;
        this.outages = outages;
    }

    /**
     * Queues the topics of one committed transaction and returns at once.
     *
     * @param topics topics already checked by {@link dev.switchboard.ports.signal.ChangeSignals#requireTopic}
     */
    void send(Set<String> topics) {
        lock.lock();
        try {
            if (closed) {
                return;
            }
            pending.addAll(topics);
            if (thread == null) {
                thread = Thread.ofVirtual().name("postgres-signal-notifier").start(this::run);
            }
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** @return how many batches were sent so far (each one {@code NOTIFY} statement) */
    long batchesSent() {
        lock.lock();
        try {
            return batches;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Sends what is pending (waiting at most {@value #CLOSE_TIMEOUT_MS} ms), stops the thread and closes the
     * connection; later {@link #send}s are dropped. Idempotent.
     */
    @Override
    public void close() {
        Thread running = null;
        lock.lock();
        try {
            closed = true;
            running = thread;
            long remaining = TimeUnit.MILLISECONDS.toNanos(CLOSE_TIMEOUT_MS);
            while (running != null && (sending || !pending.isEmpty()) && remaining > 0) {
                remaining = changed.awaitNanos(remaining);
            }
            changed.signalAll();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            lock.unlock();
        }
        if (running != null) {
            running.interrupt();
            try {
                running.join(CLOSE_TIMEOUT_MS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private void run() {
        Connection connection = null;
        int failures = 0;
        try {
            for (Set<String> batch = next(); batch != null; batch = next()) {
                try {
                    connection = send(connection, batch);
                    done(batch, true);
                    if (failures > 0) {
                        LOG.debug("change signals are sent again, after {} failed attempts", failures);
                        // not the outage's end: that is the pool's to say (calls work again), OutageLog
                        failures = 0;
                    }
                } catch (SQLException e) {
                    done(batch, false);
                    if (isClosed()) {
                        break; // closed while sending: the interrupt closed the socket, no outage
                    }
                    if (failures++ == 0) {
                        LOG.debug("cannot send change signals; retrying until the database answers", e);
                    }
                    outages.failed("the change-signal notifier", e.getMessage());
                    connection = closeQuietly(connection);
                    Thread.sleep(Math.min(MAX_PAUSE_MS, 50L << Math.min(failures, 5)));
                }
            }
        } catch (InterruptedException e) {
            // closed
        } finally {
            closeQuietly(connection);
        }
    }

    private boolean isClosed() {
        lock.lock();
        try {
            return closed;
        } finally {
            lock.unlock();
        }
    }

    /** @return the next batch, waiting for one; null once closed with nothing pending */
    private Set<String> next() throws InterruptedException {
        lock.lock();
        try {
            while (pending.isEmpty()) {
                if (closed) {
                    return null;
                }
                changed.await();
            }
            Set<String> batch = pending;
            pending = new LinkedHashSet<>();
            sending = true;
            return batch;
        } finally {
            lock.unlock();
        }
    }

    /** Ends a batch: counts a sent one, puts a failed one back (ahead of what came meanwhile). */
    private void done(Set<String> batch, boolean sent) {
        lock.lock();
        try {
            sending = false;
            if (sent) {
                batches++;
            } else if (!closed) {
                batch.addAll(pending);
                pending = batch;
            }
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /**
     * Sends one batch: on {@code connection} if there is one, and if that fails, once more at once on a new one,
     * since a connection opened before the database restarted fails at its first use although the database answers
     * again (that is no outage, and the operator's log must not say so); without one, on a new connection.
     *
     * @return the connection the batch went out on
     * @throws SQLException when a new connection cannot be opened or the batch fails on it
     */
    private Connection send(Connection connection, Set<String> batch) throws SQLException {
        if (connection != null) {
            try {
                notify(connection, batch);
                return connection;
            } catch (SQLException stale) {
                if (isClosed()) {
                    throw stale;
                }
                LOG.debug("the notifying connection failed; trying a new one before counting a failure", stale);
                closeQuietly(connection);
            }
        }
        Connection fresh = open();
        try {
            notify(fresh, batch);
            return fresh;
        } catch (SQLException e) {
            closeQuietly(fresh);
            throw e;
        }
    }

    private Connection open() throws SQLException {
        Connection connection = connections.getConnection();
        try (Statement statement = connection.createStatement()) {
            connection.setAutoCommit(true);
            // the notify-queue lock is then held for no WAL flush; a notification lost in a server crash is
            // covered by every listener's re-signal after its reconnect
            statement.execute("SET synchronous_commit = off");
            statement.execute("SET application_name = '" + APPLICATION_NAME + "'");
            return connection;
        } catch (SQLException e) {
            closeQuietly(connection);
            throw e;
        }
    }

    private void notify(Connection connection, Set<String> batch) throws SQLException {
        String[] channels = batch.stream().map(topic -> channelPrefix + topic).toArray(String[]::new);
        Array array = connection.createArrayOf("text", channels);
        try (PreparedStatement notify =
                connection.prepareStatement("SELECT pg_notify(c, ?) FROM unnest(?::text[]) AS c")) {
            notify.setString(1, node);
            notify.setArray(2, array);
            notify.execute();
        } finally {
            array.free();
        }
    }

    private static Connection closeQuietly(Connection connection) {
        if (connection != null) {
            try {
                connection.close();
            } catch (SQLException e) {
                LOG.debug("closing the notifying connection failed", e);
            }
        }
        return null;
    }
}
