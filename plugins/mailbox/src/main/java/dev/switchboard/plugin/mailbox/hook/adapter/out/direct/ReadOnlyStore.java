package dev.switchboard.plugin.mailbox.hook.adapter.out.direct;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.sqlite.SQLiteConfig;

import dev.switchboard.plugin.mailbox.adapter.out.persistence.MailboxMigrations;
import dev.switchboard.plugin.mailbox.channel.adapter.out.persistence.RosterQueries;
import dev.switchboard.plugin.mailbox.channel.domain.RoleRoster;
import dev.switchboard.plugin.mailbox.decision.adapter.out.persistence.RoundQueries;
import dev.switchboard.plugin.mailbox.hook.adapter.out.persistence.RecordedSchema;
import dev.switchboard.plugin.mailbox.hook.application.CountsLookup;
import dev.switchboard.plugin.mailbox.hook.application.port.out.HookFailure;
import dev.switchboard.plugin.mailbox.hook.application.port.out.LocalCounts;
import dev.switchboard.plugin.mailbox.hook.application.port.out.LocalPinList;
import dev.switchboard.plugin.mailbox.hook.domain.KnownTarget;
import dev.switchboard.plugin.mailbox.hook.domain.RoleCounts;
import dev.switchboard.plugin.mailbox.orientation.adapter.out.persistence.StatusQueries;
import dev.switchboard.plugin.mailbox.orientation.application.StatusCounts;
import dev.switchboard.plugin.mailbox.orientation.application.port.out.StatusStore;
import dev.switchboard.plugin.mailbox.work.adapter.out.persistence.WorkQueries;

/**
 * {@link LocalCounts} and {@link LocalPinList} over one read-only connection to the local store (ADR 25), the SQLite
 * file or the configured PostgreSQL schema (ADR 65): the queries
 * {@code channel_status} counts with ({@link StatusQueries}, {@link WorkQueries}, {@link RoundQueries}) and its rule
 * ({@link StatusCounts#of}), and the pins as {@code channel_status} lists them ({@link StatusQueries#pins}), in one
 * read transaction, without jOOQ or the plugin's storage. It writes nothing: a channel
 * without its row yet has zero counts (the plugin's path would create the row). A role or channel that names nothing
 * in the store ({@link KnownTarget}, on {@link RosterQueries}' rows, as the plugin's path) is a {@code UNKNOWN}
 * failure. {@link #open} answers only a store it
 * reads exactly as the plugin would, and otherwise throws {@link NotAnswerable} so the caller runs the full path.
 * Not thread-safe: one hook run.
 */
public final class ReadOnlyStore implements LocalCounts, LocalPinList, AutoCloseable {

    /** The store cannot be answered for by this path; the full path (plugin storage) must run instead. */
    public static final class NotAnswerable extends RuntimeException {
        private static final long serialVersionUID = 1L;

        /** @param reason why, in words (for a debug line) */
        public NotAnswerable(String reason) {
            super(reason);
        }
    }

    private static final String CHANNEL = "SELECT channel_id, roles FROM mailbox_channel WHERE name = ?";

    private final Connection connection;
    private final String channel;
    private final Optional<String> configuredRole;
    private final Optional<Long> channelId;

    private ReadOnlyStore(
            Connection connection, String channel, Optional<String> configuredRole, Optional<Long> channelId) {
        this.connection = connection;
        this.channel = channel;
        this.configuredRole = configuredRole;
        this.channelId = channelId;
    }

    /**
     * Opens one read-only connection to a store, in a transaction of its own (not in auto-commit mode): the local
     * SQLite file, or the configured PostgreSQL schema. Not thread-safe.
     */
    @FunctionalInterface
    public interface Connector {

        /**
         * @return the open connection; the caller closes it
         * @throws SQLException if the store cannot be reached or read
         * @throws NotAnswerable if there is no store to read yet
         */
        Connection open() throws SQLException;
    }

    /**
     * Opens the SQLite file read-only and checks it as {@link #open(Connector, String, Optional)} does.
     *
     * @param file           the SQLite file ({@code storage-sqlite}'s {@code path})
     * @param busyTimeoutMs  how long a read waits for a writer's lock, in milliseconds
     * @param channel        the local channel's name ({@code plugins.mailbox.channel})
     * @param configuredRole the configured role, for a run without {@code --role}
     * @return the open store
     * @throws NotAnswerable if the file is missing, or as {@link #open(Connector, String, Optional)}
     */
    public static ReadOnlyStore open(Path file, int busyTimeoutMs, String channel, Optional<String> configuredRole) {
        return open(sqlite(file, busyTimeoutMs), channel, configuredRole);
    }

    /**
     * @param file          the SQLite file
     * @param busyTimeoutMs how long a read waits for a writer's lock, in milliseconds
     * @return a connector opening the file read-only; {@link NotAnswerable} when the file does not exist yet
     */
    public static Connector sqlite(Path file, int busyTimeoutMs) {
        return () -> {
            if (!Files.isRegularFile(file)) {
                throw new NotAnswerable("no store at " + file + " yet");
            }
            SQLiteConfig config = new SQLiteConfig();
            config.setReadOnly(true);
            config.setBusyTimeout(busyTimeoutMs);
            Connection connection = config.createConnection("jdbc:sqlite:" + file);
            connection.setAutoCommit(false);
            return connection;
        };
    }

    /**
     * Opens the store and checks that this path reads it as the plugin would: its mailbox schema is at
     * {@link MailboxMigrations#LATEST_VERSION} (the version these queries are written for, by {@link RecordedSchema}'s
     * rule, which the full path applies too), and the local channel, if it has a row, is not hosted (a local session
     * cannot join a hosted channel; the plugin refuses it). The queries are the same on SQLite and PostgreSQL.
     *
     * @param connector      opens the store's read-only connection
     * @param channel        the local channel's name ({@code plugins.mailbox.channel})
     * @param configuredRole the configured role, for a run without {@code --role}
     * @return the open store
     * @throws NotAnswerable if there is no store yet, the schema is another version or absent, the channel is hosted,
     *                       or the store cannot be opened or read
     */
    public static ReadOnlyStore open(Connector connector, String channel, Optional<String> configuredRole) {
        Connection connection = null;
        try {
            connection = connector.open();
            Optional<String> unreadable = RecordedSchema.whyNotReadable(RecordedSchema.version(connection));
            if (unreadable.isPresent()) {
                throw new NotAnswerable(unreadable.get());
            }
            Optional<Long> id = Optional.empty();
            try (PreparedStatement select = connection.prepareStatement(CHANNEL)) {
                select.setString(1, channel);
                try (ResultSet row = select.executeQuery()) {
                    if (row.next()) {
                        if (row.getString(2) != null) {
                            throw new NotAnswerable("the local channel '" + channel + "' is hosted");
                        }
                        id = Optional.of(row.getLong(1));
                    }
                }
            }
            return new ReadOnlyStore(connection, channel, configuredRole, id);
        } catch (SQLException e) {
            close(connection);
            throw new NotAnswerable("the store cannot be read directly: " + e.getMessage());
        } catch (NotAnswerable e) {
            close(connection);
            throw e;
        }
    }

    @Override
    public Optional<RoleCounts> of(Optional<String> role) {
        Optional<String> who = role.or(() -> configuredRole);
        if (who.isEmpty()) {
            return Optional.empty();
        }
        String name = who.get();
        StatusCounts counts;
        try {
            requireKnown(name);
            counts = channelId.isEmpty()
                    ? StatusCounts.of(name, new StatusStore.UnreadCount(0, 0), 0, List.of(), 0, List.of())
                    : read(channelId.get(), name);
        } catch (SQLException e) {
            throw new HookFailure(HookFailure.Kind.STORE, CountsLookup.unreadableStore(e.getMessage()));
        }
        return Optional.of(new RoleCounts(channel, name, counts.actionable()));
    }

    /**
     * {@inheritDoc}
     *
     * @throws IllegalStateException without a role: the caller leaves that case to the full path, whose refusal names
     *     the settings
     */
    @Override
    public List<Map<String, Object>> list(Optional<String> role) {
        if (role.or(() -> configuredRole).isEmpty()) {
            throw new IllegalStateException("status pins without a role is the full path's");
        }
        if (channelId.isEmpty()) {
            return List.of();
        }
        try {
            return StatusQueries.pins(connection, channelId.get());
        } catch (SQLException e) {
            throw new HookFailure(HookFailure.Kind.STORE, "the local mailbox store cannot be read: " + e.getMessage());
        } finally {
            rollbackQuietly();
        }
    }

    private void rollbackQuietly() {
        try {
            connection.rollback();
        } catch (SQLException e) {
            // a read-only transaction holds nothing to lose
        }
    }

    /** As the plugin's path does ({@code ResolvedLocalCounts}), by {@link KnownTarget} on the same rows. */
    private void requireKnown(String role) throws SQLException {
        Optional<String> problem;
        try {
            if (channelId.isPresent() && RosterQueries.isKnown(connection, channelId.get(), role)) {
                return;
            }
            List<String> roles =
                    channelId.isEmpty() ? List.of() : RosterQueries.observedRoles(connection, channelId.get());
            problem = KnownTarget.problem(
                    channel, role, new RoleRoster(roles, false), RosterQueries.localChannelsWithRoles(connection));
        } finally {
            connection.rollback();
        }
        if (problem.isPresent()) {
            throw HookFailure.unknown(channel, role, problem.get());
        }
    }

    private StatusCounts read(long id, String role) throws SQLException {
        try {
            return StatusCounts.of(
                    role,
                    StatusQueries.unreadCount(connection, id, role),
                    WorkQueries.openDebtCountTo(connection, id, role),
                    WorkQueries.openDebtClaimsMovedBy(connection, id, role),
                    RoundQueries.awaitingDecisionOf(connection, id, role, null, null)
                            .size(),
                    WorkQueries.taskCandidates(connection, id, role));
        } finally {
            connection.rollback();
        }
    }

    /** Closes the connection. */
    @Override
    public void close() {
        close(connection);
    }

    private static void close(Connection connection) {
        if (connection == null) {
            return;
        }
        try {
            connection.close();
        } catch (SQLException e) {
            // a read-only connection holds nothing to lose
        }
    }
}
