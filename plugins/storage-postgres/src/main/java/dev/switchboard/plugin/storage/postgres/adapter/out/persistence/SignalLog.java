package dev.switchboard.plugin.storage.postgres.adapter.out.persistence;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashSet;
import java.util.Set;
import java.util.stream.Collectors;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The durable trace of change signals in {@value #TABLE}: a transaction that published topics appends one row per
 * topic, in the same round trip as its {@code COMMIT}, so the trace commits exactly when the data does. It exists for
 * the one case {@code NOTIFY} (sent after the commit) cannot cover, a publisher that died between its commit and its
 * notification: a listening node reads the rows appended since it last looked ({@link #since}, one index range scan,
 * nothing at all on an idle database) and reports only their topics. Rows are deleted once every node has had two
 * resync periods to read them ({@link #prune}). Appends take no lock that another transaction waits for (an identity
 * column, no updated row), so they cost publishers no contention. The {@code switchboard_} prefix keeps the table out
 * of {@code storage copy}.
 *
 * <p>A role that may not create the table in the schema (SQLSTATE {@code 42501}) gets no log: its commits append
 * nothing and its listener falls back to reporting every watched topic at each resync, as before the log existed.
 * Immutable; thread-safe.
 */
final class SignalLog {

    /** The table. */
    static final String TABLE = "switchboard_signal_log";

    private static final String CREATE = "CREATE TABLE IF NOT EXISTS " + TABLE
            + "(id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY, topic TEXT NOT NULL, node TEXT NOT NULL)";

    private static final Logger LOG = LoggerFactory.getLogger(SignalLog.class);

    private final String node;
    private final boolean available;

    /**
     * @param node      the storage's node id (a UUID), which its rows carry
     * @param available whether the table exists ({@link #create})
     */
    SignalLog(String node, boolean available) {
        this.node = node;
        this.available = available;
    }

    /**
     * Creates the table when missing (two nodes starting together may race: the loser's error is ignored).
     *
     * @return whether the table is there; false when the role may not create it (logged once, as a warning)
     * @throws SQLException if the table cannot be created for another reason
     */
    static boolean create(Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            // existing first: CREATE ... IF NOT EXISTS needs the right to create even when the table is there
            try (ResultSet exists = statement.executeQuery("SELECT to_regclass('" + TABLE + "') IS NOT NULL")) {
                exists.next();
                if (exists.getBoolean(1)) {
                    return true;
                }
            }
            statement.execute(CREATE);
            return true;
        } catch (SQLException e) {
            // 42P07 duplicate table, 23505 the catalog's unique key: a concurrent CREATE ... IF NOT EXISTS won
            if ("42P07".equals(e.getSQLState()) || "23505".equals(e.getSQLState())) {
                return true;
            }
            if ("42501".equals(e.getSQLState())) {
                LOG.warn(
                        "the role may not create {} in the schema ({}); listening nodes will wake every subscriber"
                                + " every signal-resync-ms instead of only those of topics that changed",
                        TABLE,
                        e.getMessage());
                return false;
            }
            throw e;
        }
    }

    /** @return whether the table exists, so that {@link #since} can be asked */
    boolean available() {
        return available;
    }

    /**
     * Commits the connection's transaction, appending {@code topics} to the log first in the same round trip.
     *
     * @param topics the topics the transaction published: checked names ({@code [a-z][a-z0-9_.-]*}), so they are
     *               safe as literals
     * @throws SQLException if the append or the commit fails (the transaction is then not committed)
     */
    void commit(Connection connection, Set<String> topics) throws SQLException {
        if (available && !topics.isEmpty()) {
            String rows = topics.stream()
                    .map(topic -> "('" + topic + "', '" + node + "')")
                    .collect(Collectors.joining(", "));
            try (Statement statement = connection.createStatement()) {
                statement.execute("INSERT INTO " + TABLE + "(topic, node) VALUES " + rows + "; COMMIT");
            }
        }
        connection.commit(); // after the COMMIT above, the driver sees no open transaction and sends nothing
    }

    /** @return the newest id in the log, 0 when it is empty */
    static long newest(Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement();
                ResultSet row = statement.executeQuery("SELECT coalesce(max(id), 0) FROM " + TABLE)) {
            row.next();
            return row.getLong(1);
        }
    }

    /**
     * The topics other nodes committed after {@code after}: one row per topic (grouped on the server).
     *
     * @param after the newest id already seen
     *              (topics only this node committed are skipped: it reported them at its commit)
     * @return the topics, and the newest id seen now
     */
    Seen since(Connection connection, long after) throws SQLException {
        Set<String> topics = new HashSet<>();
        long newest = after;
        try (PreparedStatement query = connection.prepareStatement(
                "SELECT topic, max(id), bool_or(node <> ?) FROM " + TABLE + " WHERE id > ? GROUP BY topic")) {
            query.setString(1, node);
            query.setLong(2, after);
            try (ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    newest = Math.max(newest, rows.getLong(2));
                    if (rows.getBoolean(3)) {
                        topics.add(rows.getString(1));
                    }
                }
            }
        }
        return new Seen(Set.copyOf(topics), newest);
    }

    /** Deletes the rows up to {@code upTo}, which every node had time to read. */
    static void prune(Connection connection, long upTo) throws SQLException {
        try (PreparedStatement delete = connection.prepareStatement("DELETE FROM " + TABLE + " WHERE id <= ?")) {
            delete.setLong(1, upTo);
            delete.executeUpdate();
        }
    }

    /**
     * @param topics the topics seen
     * @param newest the newest id read
     */
    record Seen(Set<String> topics, long newest) {}
}
