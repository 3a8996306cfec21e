package dev.switchboard.plugin.storage.postgres.adapter.out.persistence;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;

import javax.sql.DataSource;

import org.postgresql.PGConnection;
import org.postgresql.PGNotification;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one listening connection of a {@link PostgresSignals}: a virtual thread that holds a connection of its own,
 * {@code LISTEN}s on the channel of every watched topic and waits for notifications ({@value #WAIT_MS} ms at a time,
 * between which it applies changes of the watched set), reporting the topics other storages committed.
 *
 * <p>Nothing is missed: {@link #watch} returns once the {@code LISTEN}s are in effect (so a commit after a subscription
 * is always heard), or at once when the connection is down; after a lost connection the thread reconnects with a
 * growing pause (up to {@value #MAX_PAUSE_MS} ms), listens again and reports every watched topic, so that subscribers
 * re-read what changed meanwhile. While it listens it also reads the {@link SignalLog} every {@code resyncMs} and
 * reports the watched topics other nodes committed since it last looked: publishers notify after their commit
 * ({@link BatchingNotifier}), so one that died in between never did, and this bounds how long a subscriber here can
 * miss that commit. On an idle database the read finds nothing and nothing is reported; a topic that other nodes
 * changed in the period is reported again, a spurious wake-up the port allows. The same read deletes the log rows
 * older than two periods. A quiet connection is checked every {@value #CHECK_MS} ms,
 * so one that died silently is noticed. With nothing watched there is no thread and no connection. Thread-safe.
 */
final class SignalListener {

    private static final Logger LOG = LoggerFactory.getLogger(SignalListener.class);

    static final int WAIT_MS = 25;
    static final int CHECK_MS = 5_000;
    static final int MAX_PAUSE_MS = 1_000;
    /** The longest a {@link #watch} waits for its {@code LISTEN}s on a connection that is up but slow. */
    static final long CONFIRM_TIMEOUT_MS = 2_000;

    private final DataSource connections;
    private final String node;
    private final String channelPrefix;
    private final long resyncNanos;
    private final Consumer<Set<String>> changed;
    private final OutageLog outages;
    private final SignalLog log;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition applied = lock.newCondition();
    private Set<String> wanted = Set.of();
    private long wantedVersion;
    private long appliedVersion;
    private boolean down;
    private Thread thread;

    /**
     * @param connections where the listening connection comes from
     * @param node          this storage's node id: notifications carrying it are its own, already reported
     * @param channelPrefix what this installation's channel names start with
     * @param resyncMs      how often the signal log is read for commits whose notification never came, in milliseconds
     * @param changed       told the topics that changed, on the listener's thread
     * @param outages       where a lost connection and its return are logged for the operator
     * @param log           the commits' topics, read at each resync (every watched topic is reported instead when
     *                      the schema has no log)
     */
    SignalListener(
            DataSource connections,
            String node,
            String channelPrefix,
            long resyncMs,
            Consumer<Set<String>> changed,
            OutageLog outages,
            SignalLog log) {
        this.log = log;
        this.connections = connections;
        this.node = node;
        this.channelPrefix = channelPrefix;
        this.resyncNanos = TimeUnit.MILLISECONDS.toNanos(resyncMs);
        this.changed = changed;
        this.outages = outages;
    }

    /**
     * @param topics the topics to listen to from now on; empty stops the thread and closes its connection. Returns
     *               once the listening connection follows them, or at once while it is down (its reconnect then
     *               reports every topic).
     */
    void watch(Set<String> topics) {
        lock.lock();
        try {
            wanted = Set.copyOf(topics);
            long version = ++wantedVersion;
            if (wanted.isEmpty()) {
                if (thread != null) {
                    thread.interrupt();
                    thread = null;
                }
                return;
            }
            if (thread == null) {
                down = false;
                thread = Thread.ofVirtual().name("postgres-signal-listener").start(this::run);
            }
            long remaining = CONFIRM_TIMEOUT_MS * 1_000_000L;
            while (appliedVersion < version && !down && remaining > 0) {
                remaining = applied.awaitNanos(remaining);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            lock.unlock();
        }
    }

    /** @return whether the listening thread runs */
    boolean running() {
        lock.lock();
        try {
            return thread != null;
        } finally {
            lock.unlock();
        }
    }

    /** @return the wanted topics and their version, or null when this thread should end */
    private Wanted wantedIfCurrent() {
        lock.lock();
        try {
            return thread == Thread.currentThread() ? new Wanted(wanted, wantedVersion) : null;
        } finally {
            lock.unlock();
        }
    }

    /** Records what the current thread applied, or that its connection is down; a replaced thread is ignored. */
    private void confirm(long version, boolean isDown) {
        lock.lock();
        try {
            if (thread != Thread.currentThread()) {
                return;
            }
            appliedVersion = Math.max(appliedVersion, version);
            down = isDown;
            applied.signalAll();
        } finally {
            lock.unlock();
        }
    }

    private record Wanted(Set<String> topics, long version) {}

    private void run() {
        Connection connection = null;
        Set<String> listened = new HashSet<>();
        int failures = 0;
        boolean missed = false;
        long lastCheck = System.nanoTime();
        long lastResync = lastCheck;
        long seen = 0;
        long seenBefore = 0;
        try {
            for (Wanted want = wantedIfCurrent(); want != null; want = wantedIfCurrent()) {
                try {
                    if (connection == null) {
                        connection = connections.getConnection();
                        connection.setAutoCommit(true);
                        listened.clear();
                        // what was logged before now is covered: by the subscriber's own first read, or by the
                        // report of every topic after a reconnect below
                        seen = log.available() ? SignalLog.newest(connection) : 0;
                        seenBefore = seen;
                    }
                    follow(connection, listened, want.topics());
                    confirm(want.version(), false);
                    if (missed) {
                        LOG.debug("listening for change signals again after {} failed attempts", failures);
                        // not the outage's end: that is the pool's to say (calls work again), OutageLog
                        changed.accept(Set.copyOf(listened));
                        missed = false;
                        failures = 0;
                        lastResync = System.nanoTime();
                    } else if (System.nanoTime() - lastResync >= resyncNanos) {
                        if (log.available()) {
                            SignalLog.Seen logged = log.since(connection, seen);
                            Set<String> unheard = new HashSet<>(logged.topics());
                            unheard.retainAll(listened);
                            if (!unheard.isEmpty()) {
                                changed.accept(Set.copyOf(unheard));
                            }
                            // rows every node had two periods to read
                            SignalLog.prune(connection, seenBefore);
                            seenBefore = seen;
                            seen = logged.newest();
                        } else {
                            changed.accept(Set.copyOf(listened));
                        }
                        lastResync = System.nanoTime();
                    }
                    PGNotification[] notes =
                            connection.unwrap(PGConnection.class).getNotifications(WAIT_MS);
                    Set<String> topics = topics(notes, listened);
                    if (!topics.isEmpty()) {
                        changed.accept(topics);
                        lastCheck = System.nanoTime();
                    } else if (System.nanoTime() - lastCheck > CHECK_MS * 1_000_000L) {
                        check(connection);
                        lastCheck = System.nanoTime();
                    }
                } catch (SQLException e) {
                    if (wantedIfCurrent() == null) {
                        break; // stopped while waiting: the interrupt closed the socket, no outage
                    }
                    if (failures++ == 0) {
                        LOG.debug("lost the connection that listens for change signals; reconnecting", e);
                    }
                    outages.failed("the change-signal listener", e.getMessage());
                    missed = true;
                    confirm(0, true);
                    connection = closeQuietly(connection);
                    Thread.sleep(Math.min(MAX_PAUSE_MS, 50L << Math.min(failures, 5)));
                }
            }
        } catch (InterruptedException e) {
            // stopped
        } finally {
            closeQuietly(connection);
        }
    }

    /** Brings the connection's {@code LISTEN}s to {@code want}. */
    private void follow(Connection connection, Set<String> listened, Set<String> want) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            for (String topic : want) {
                if (!listened.contains(topic)) {
                    statement.execute("LISTEN " + channel(topic));
                    listened.add(topic);
                }
            }
            for (String topic : Set.copyOf(listened)) {
                if (!want.contains(topic)) {
                    statement.execute("UNLISTEN " + channel(topic));
                    listened.remove(topic);
                }
            }
        }
    }

    private Set<String> topics(PGNotification[] notes, Set<String> listened) {
        Set<String> topics = new HashSet<>();
        if (notes != null) {
            for (PGNotification note : notes) {
                String name = note.getName();
                if (name.startsWith(channelPrefix) && !node.equals(note.getParameter())) {
                    String topic = name.substring(channelPrefix.length());
                    if (listened.contains(topic)) {
                        topics.add(topic);
                    }
                }
            }
        }
        return topics;
    }

    /** A topic is a checked name ([a-z][a-z0-9_.-]*) and the prefix hex, so quoting them as an identifier is safe. */
    private String channel(String topic) {
        return "\"" + channelPrefix + topic + "\"";
    }

    private static void check(Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute("SELECT 1");
        }
    }

    private static Connection closeQuietly(Connection connection) {
        if (connection != null) {
            try {
                connection.close();
            } catch (SQLException e) {
                LOG.debug("closing the listening connection failed", e);
            }
        }
        return null;
    }
}
