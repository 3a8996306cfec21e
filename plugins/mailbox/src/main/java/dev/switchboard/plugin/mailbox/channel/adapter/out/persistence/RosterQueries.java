package dev.switchboard.plugin.mailbox.channel.adapter.out.persistence;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.IntStream;

/**
 * Who is in a local channel and which local channels have anyone, as SQL text over a plain {@link Connection}, the same
 * on SQLite and PostgreSQL, free of jOOQ: the message store's roster and {@link JooqChannels} run them in the plugin's
 * transactions, and the hooks' direct path (ADR 25) on its read-only connection, so both paths tell a role or channel
 * unknown by the same rows. Throws the driver's {@link SQLException}. Stateless and thread-safe.
 */
public final class RosterQueries {

    private static final String OBSERVED = "SELECT from_role FROM mailbox_message WHERE channel_id = ?"
            + " UNION SELECT to_role FROM mailbox_recipient WHERE channel_id = ?";

    private static final String LOCAL_WITH_ROLES = "SELECT c.name FROM mailbox_channel c"
            + " WHERE c.roles IS NULL AND c.deleted_at IS NULL"
            + " AND EXISTS (SELECT 1 FROM mailbox_message m WHERE m.channel_id = c.channel_id) ORDER BY c.name";

    private static final String RECIPIENT = "SELECT 1 FROM mailbox_recipient WHERE channel_id = ? AND to_role = ?";

    private static final String SENDER = "SELECT 1 FROM mailbox_message WHERE channel_id = ? AND from_role = ?";

    /** The most names {@link #rosterAndKnown} asks about in its one statement. */
    public static final int MAX_NAMES_AT_ONCE = 8;

    /** {@link #rosterAndKnown}'s statement for 1 to {@value #MAX_NAMES_AT_ONCE} names, by count. */
    private static final List<String> ROSTER_AND_KNOWN = IntStream.rangeClosed(0, MAX_NAMES_AT_ONCE)
            .mapToObj(count -> "SELECT roles"
                    + (" , EXISTS (" + RECIPIENT + ") OR EXISTS (" + SENDER + ")").repeat(count)
                    + " FROM mailbox_channel WHERE channel_id = ?")
            .toList();

    private RosterQueries() {}

    /**
     * A channel's roster column and which of some names it knows (as {@link #isKnown}), in one statement: what a send
     * reads under the channel's lock before it writes.
     *
     * @param connection a connection in a transaction of the store
     * @param channelId  the channel's row id
     * @param names      role names, 1 to {@value #MAX_NAMES_AT_ONCE}
     * @return the channel's {@code roles} JSON (null for a local channel) and the known names; empty when the channel
     *     has no row
     * @throws SQLException if the store cannot be read
     * @throws IllegalArgumentException if there are no names or more than {@value #MAX_NAMES_AT_ONCE}
     */
    public static Optional<RosterAndKnown> rosterAndKnown(Connection connection, long channelId, List<String> names)
            throws SQLException {
        if (names.isEmpty() || names.size() > MAX_NAMES_AT_ONCE) {
            throw new IllegalArgumentException("1 to " + MAX_NAMES_AT_ONCE + " names, not " + names.size());
        }
        try (PreparedStatement select = connection.prepareStatement(ROSTER_AND_KNOWN.get(names.size()))) {
            int at = 1;
            for (String name : names) {
                select.setLong(at++, channelId);
                select.setString(at++, name);
                select.setLong(at++, channelId);
                select.setString(at++, name);
            }
            select.setLong(at, channelId);
            try (ResultSet row = select.executeQuery()) {
                if (!row.next()) {
                    return Optional.empty();
                }
                Set<String> known = new TreeSet<>();
                for (int i = 0; i < names.size(); i++) {
                    if (row.getBoolean(i + 2)) {
                        known.add(names.get(i));
                    }
                }
                return Optional.of(new RosterAndKnown(row.getString(1), known));
            }
        }
    }

    /**
     * What {@link #rosterAndKnown} read.
     *
     * @param roles the channel's {@code roles} JSON: a hosted channel's roster, null for a local channel
     * @param known the names asked about that have sent or received a message in the channel
     */
    public record RosterAndKnown(String roles, Set<String> known) {}

    /**
     * @param connection a connection in a transaction of the store
     * @param channelId  the channel's row id
     * @param role       a role name
     * @return whether it has received (looked up by the recipients' index first) or sent a message in the channel
     * @throws SQLException if the store cannot be read
     */
    public static boolean isKnown(Connection connection, long channelId, String role) throws SQLException {
        return exists(connection, RECIPIENT, channelId, role) || exists(connection, SENDER, channelId, role);
    }

    private static boolean exists(Connection connection, String sql, long channelId, String role) throws SQLException {
        try (PreparedStatement select = connection.prepareStatement(sql)) {
            select.setLong(1, channelId);
            select.setString(2, role);
            select.setMaxRows(1);
            try (ResultSet rows = select.executeQuery()) {
                return rows.next();
            }
        }
    }

    /**
     * @param connection a connection in a transaction of the store
     * @param channelId  the channel's row id
     * @return every role that has sent or received a message in the channel (a local channel's roster), ascending
     * @throws SQLException if the store cannot be read
     */
    public static List<String> observedRoles(Connection connection, long channelId) throws SQLException {
        TreeSet<String> roles = new TreeSet<>();
        try (PreparedStatement select = connection.prepareStatement(OBSERVED)) {
            select.setLong(1, channelId);
            select.setLong(2, channelId);
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    roles.add(rows.getString(1));
                }
            }
        }
        return List.copyOf(roles);
    }

    /**
     * @param connection a connection in a transaction of the store
     * @return the names of the live local channels that have a message (so a role), ascending
     * @throws SQLException if the store cannot be read
     */
    public static List<String> localChannelsWithRoles(Connection connection) throws SQLException {
        List<String> names = new ArrayList<>();
        try (PreparedStatement select = connection.prepareStatement(LOCAL_WITH_ROLES);
                ResultSet rows = select.executeQuery()) {
            while (rows.next()) {
                names.add(rows.getString(1));
            }
        }
        return names;
    }
}
