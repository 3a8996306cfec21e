package dev.switchboard.plugin.mailbox.channel.adapter.out.persistence;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import org.jooq.exception.DataAccessException;
import org.jooq.impl.DSL;

import dev.switchboard.plugin.mailbox.channel.application.port.out.Channels;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Tx;
import dev.switchboard.ports.storage.SqlStorage;

/** {@link Channels} on {@code mailbox_channel} (a hosted channel's roster is its {@code roles} JSON). Thread-safe. */
@Singleton
public final class JooqChannels implements Channels {

    private static final String ROSTER = "SELECT roles FROM mailbox_channel WHERE channel_id = ?";

    private final SqlStorage storage;
    private final MailboxJooq jooq;

    @Inject
    JooqChannels(SqlStorage storage, MailboxJooq jooq) {
        this.storage = storage;
        this.jooq = jooq;
    }

    @Override
    public long ensure(String name, String now) {
        return storage.transaction(connection -> {
            var sql = jooq.on(connection);
            sql.insertInto(MailboxTables.Channel.TABLE)
                    .columns(MailboxTables.Channel.NAME, MailboxTables.Channel.CREATED_AT)
                    .values(name, now)
                    .onConflictDoNothing()
                    .execute();
            return sql.select(MailboxTables.Channel.ID)
                    .from(MailboxTables.Channel.TABLE)
                    .where(MailboxTables.Channel.NAME.eq(name))
                    .fetchSingle(MailboxTables.Channel.ID);
        });
    }

    @Override
    public boolean hosted(long channelId) {
        return storage.snapshot(connection -> jooq.on(connection)
                .fetchExists(jooq.on(connection)
                        .selectOne()
                        .from(MailboxTables.Channel.TABLE)
                        .where(MailboxTables.Channel.ID.eq(channelId))
                        .and(MailboxTables.Channel.ROLES.isNotNull())));
    }

    @Override
    public Optional<Long> find(String name) {
        return storage.snapshot(connection -> jooq.on(connection)
                .select(MailboxTables.Channel.ID)
                .from(MailboxTables.Channel.TABLE)
                .where(MailboxTables.Channel.NAME.eq(name))
                .and(DSL.field(DSL.name("mailbox_channel", "deleted_at")).isNull())
                .fetchOptional(MailboxTables.Channel.ID));
    }

    @Override
    public List<String> localWithRoles() {
        return storage.snapshot(RosterQueries::localChannelsWithRoles);
    }

    @Override
    public Optional<List<String>> roster(Tx tx) {
        // plain JDBC: every send and pin write reads it under the channel's lock, where jOOQ's rendering was a cost
        JooqTx jooq = JooqTx.of(tx);
        try (PreparedStatement select = jooq.connection().prepareStatement(ROSTER)) {
            select.setLong(1, tx.channelId());
            try (ResultSet row = select.executeQuery()) {
                return row.next() ? Optional.ofNullable(row.getString(1)).map(Json::strings) : Optional.empty();
            }
        } catch (SQLException e) {
            throw new DataAccessException("reading the channel's roster failed: " + e.getMessage(), e);
        }
    }
}
