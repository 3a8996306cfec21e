package dev.switchboard.plugin.mailbox.channel.adapter.out.persistence;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;

import dev.switchboard.ports.storage.SqlDialect;

/**
 * The channel's row lock, the one statement of a channel write that differs by dialect: on PostgreSQL, where
 * writers of several connections and nodes run at once, {@code SELECT ... FOR NO KEY UPDATE} on the channel's row
 * makes the writers of one channel run one after the other, and every check after it see every earlier writer's
 * commit (it does not block inserts that only reference the channel, such as presence). SQLite's one writer already
 * serialises every transaction, and has no row locks. Fixed SQL, not jOOQ: every write of every channel runs it.
 * Stateless.
 */
final class ChannelLockSql {

    private static final String CHANNEL_LOCK =
            "SELECT channel_id FROM mailbox_channel WHERE channel_id = ? FOR NO KEY UPDATE";

    private ChannelLockSql() {}

    /**
     * @param transaction the write's connection
     * @param dialect     the storage's dialect
     * @param channelId   the channel written
     * @throws SQLException if the database refuses the lock (a lock timeout, say)
     */
    static void lock(Connection transaction, SqlDialect dialect, long channelId) throws SQLException {
        if (dialect != SqlDialect.POSTGRES) {
            return;
        }
        try (PreparedStatement lock = transaction.prepareStatement(CHANNEL_LOCK)) {
            lock.setLong(1, channelId);
            lock.executeQuery().close();
        }
    }
}
