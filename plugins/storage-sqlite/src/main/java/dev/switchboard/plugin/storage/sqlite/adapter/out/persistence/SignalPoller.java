package dev.switchboard.plugin.storage.sqlite.adapter.out.persistence;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import java.util.function.Consumer;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Notices signals that other processes (or other storages in this one) committed to the same SQLite file: while
 * running, it asks its own read connection for {@code PRAGMA data_version} once per interval (a prepared statement; the
 * value changes only when another connection committed), and only when it moved reads the small
 * {@value SignalVersions#TABLE} table and reports the topics whose counter passed the one last seen.
 *
 * <p>Runs only between {@link #start()} and {@link #stop()} (the signals start it for the first subscription and stop
 * it after the last): with nobody subscribed there is no thread, no connection and no polling. A failing read is
 * logged once, the connection reopened on the next tick, and the counters compared again, so nothing committed
 * meanwhile is missed. A pass that throws anything else (an {@link Error} such as {@link OutOfMemoryError}, from a read
 * or from the listener) does not end the thread either: it is logged once, the connection reopened, and the topics
 * that pass may have read are reported again by the next one: every topic once (a listener may thus hear a topic it
 * already heard, never miss one).
 * Thread-safe.
 */
final class SignalPoller {

    private static final Logger LOG = LoggerFactory.getLogger(SignalPoller.class);

    private static final String TABLE_EXISTS =
            "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '" + SignalVersions.TABLE + "'";
    private static final String VERSIONS = "SELECT topic, version FROM " + SignalVersions.TABLE;

    private final ReadDataSource readers;
    private final Duration interval;
    private final SignalVersions seen;
    private final Consumer<Set<String>> changed;
    private Thread thread;

    /**
     * @param readers  where the dedicated read connection comes from
     * @param interval the pause between two checks
     * @param seen     the counters seen so far; raised by what the poller reads
     * @param changed  told the topics whose counters moved, on the poller's thread
     */
    SignalPoller(ReadDataSource readers, Duration interval, SignalVersions seen, Consumer<Set<String>> changed) {
        this.readers = readers;
        this.interval = interval;
        this.seen = seen;
        this.changed = changed;
    }

    /**
     * Starts polling on a daemon platform thread unless it runs already; returns at once. Not a virtual thread: waking
     * one 20 times a second cost twice the CPU (measured in docs/performance.md, "Change signals").
     */
    synchronized void start() {
        if (thread == null) {
            thread = Thread.ofPlatform().daemon().name("sqlite-signal-poller").start(this::run);
        }
    }

    /** Stops polling; the thread closes its connection and ends. Idempotent. */
    synchronized void stop() {
        if (thread != null) {
            thread.interrupt();
            thread = null;
        }
    }

    /** @return whether a poller thread runs (between {@link #start()} and {@link #stop()}) */
    synchronized boolean running() {
        return thread != null;
    }

    private synchronized boolean current() {
        return thread == Thread.currentThread();
    }

    /**
     * Reads the counters on a connection, raising the seen ones.
     *
     * @return the topics whose counter moved past the seen one (or that were never seen)
     */
    static Set<String> advance(Connection connection, SignalVersions seen) throws SQLException {
        Set<String> moved = new HashSet<>();
        if (!exists(connection)) {
            return moved;
        }
        try (Statement statement = connection.createStatement()) {
            try (ResultSet rows = statement.executeQuery(VERSIONS)) {
                while (rows.next()) {
                    if (seen.advance(rows.getString(1), rows.getLong(2))) {
                        moved.add(rows.getString(1));
                    }
                }
            }
        }
        return moved;
    }

    /** @return every topic that has a counter */
    static Set<String> topics(Connection connection) throws SQLException {
        Set<String> topics = new HashSet<>();
        if (!exists(connection)) {
            return topics;
        }
        try (Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("SELECT topic FROM " + SignalVersions.TABLE)) {
            while (rows.next()) {
                topics.add(rows.getString(1));
            }
        }
        return topics;
    }

    /** @return whether the counters' table exists yet (the first publish creates it) */
    static boolean exists(Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement();
                ResultSet row = statement.executeQuery(TABLE_EXISTS)) {
            return row.next();
        }
    }

    private void run() {
        Connection connection = null;
        PreparedStatement version = null;
        long dataVersion = Long.MIN_VALUE;
        Set<String> pending = new HashSet<>();
        boolean failing = false;
        boolean broken = false;
        try {
            while (current()) {
                try {
                    if (connection == null) {
                        connection = readers.getConnection();
                        // prepared once: a poll is then one step of a compiled statement
                        version = connection.prepareStatement("PRAGMA data_version");
                        dataVersion = Long.MIN_VALUE;
                    }
                    if (broken) {
                        // the broken pass may have raised counters it never reported: report every topic once
                        pending.addAll(topics(connection));
                    }
                    long now = dataVersion(version);
                    if (now != dataVersion) {
                        dataVersion = now;
                        pending.addAll(advance(connection, seen));
                    }
                    if (!pending.isEmpty()) {
                        Set<String> moved = Set.copyOf(pending);
                        pending.clear();
                        try {
                            changed.accept(moved);
                        } catch (Throwable e) {
                            pending.addAll(moved);
                            throw e;
                        }
                    }
                    if (failing) {
                        LOG.info("change signals of {} are read again", readers.file());
                        failing = false;
                    }
                    broken = false;
                } catch (SQLException e) {
                    if (!failing) {
                        LOG.warn(
                                "cannot read the change signals of {} ({}); retrying every {} ms",
                                readers.file(),
                                e.getMessage(),
                                interval.toMillis());
                        failing = true;
                    }
                    connection = closeQuietly(connection);
                } catch (Throwable e) {
                    // an Error (OutOfMemoryError in a listener or in a read) ends this pass, never the poller: the
                    // topics it had read are announced again by the next pass, on a fresh connection
                    if (!broken) {
                        logBroken(e);
                        broken = true;
                    }
                    connection = closeQuietly(connection);
                }
                Thread.sleep(interval);
            }
        } catch (InterruptedException e) {
            // stopped
        } finally {
            closeQuietly(connection);
        }
    }

    /** Logs a pass that failed with something other than an SQLException, once until a pass succeeds. */
    private void logBroken(Throwable e) {
        try {
            LOG.error("a pass of the change-signal poller of {} failed; polling on", readers.file(), e);
        } catch (Throwable logging) {
            // logging needs memory too: when it fails as well, polling on matters more
        }
    }

    private static long dataVersion(PreparedStatement version) throws SQLException {
        try (ResultSet row = version.executeQuery()) {
            row.next();
            return row.getLong(1);
        }
    }

    private static Connection closeQuietly(Connection connection) {
        if (connection != null) {
            try {
                connection.close();
            } catch (SQLException e) {
                LOG.debug("closing the signal poller's connection failed", e);
            }
        }
        return null;
    }
}
