package dev.switchboard.plugin.mailbox.channel.adapter.out.persistence;

import java.sql.Connection;
import java.time.Clock;
import java.util.Map;
import java.util.function.Function;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.switchboard.plugin.mailbox.channel.application.port.out.Transactions;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Tx;
import dev.switchboard.plugin.mailbox.channel.domain.Timestamps;
import dev.switchboard.ports.storage.Isolation;
import dev.switchboard.ports.storage.SqlStorage;
import dev.switchboard.ports.storage.StorageBusyException;
import dev.switchboard.ports.tool.ErrorCode;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.Refusal;

/**
 * {@link Transactions} on the storage's unit of work. A write runs {@link SqlStorage#write} at
 * {@link Isolation#READ_COMMITTED} (the adapter may share one database transaction among concurrent writes), takes
 * the channel's row lock first ({@link ChannelLockSql}) and names that row as its affinity ({@link #AFFINITY}), publishes the channel's change signal when it is done and is
 * rolled back when refused; a read is one {@link SqlStorage#snapshot}. A storage that stayed busy or unreachable after
 * the adapter's own waiting answers {@code UNAVAILABLE}, nothing changed. Thread-safe.
 */
@Singleton
public final class JooqTransactions implements Transactions {

    /**
     * The affinity of a channel's writes (ADR 29, ADR 65): its row, which each write locks first, so that a storage with
     * group commit runs concurrent writes of one channel in one shared transaction, one after the other, instead of in
     * concurrent ones that would each wait for the previous one's commit to release the row.
     */
    static final String AFFINITY = "mailbox.channel:";

    private final SqlStorage storage;
    private final MailboxJooq jooq;
    private final Clock clock;

    @Inject
    JooqTransactions(SqlStorage storage, MailboxJooq jooq, Clock clock) {
        this.storage = storage;
        this.jooq = jooq;
        this.clock = clock;
    }

    @Override
    public <T> Outcome<T> write(long channelId, Function<Tx, Outcome<T>> work) {
        try {
            return storage.write(
                    Isolation.READ_COMMITTED, AFFINITY + channelId, Transactions.signalTopic(channelId), connection -> {
                        ChannelLockSql.lock(connection, storage.dialect(), channelId);
                        return work.apply(tx(channelId, connection));
                    });
        } catch (StorageBusyException e) {
            return busy();
        }
    }

    @Override
    public <T> Outcome<T> read(long channelId, Function<Tx, Outcome<T>> work) {
        try {
            return storage.snapshot(connection -> work.apply(tx(channelId, connection)));
        } catch (StorageBusyException e) {
            return busy();
        }
    }

    private JooqTx tx(long channelId, Connection connection) {
        return new JooqTx(channelId, Timestamps.format(clock.instant()), jooq, connection);
    }

    private static <T> Outcome<T> busy() {
        return Outcome.refused(new Refusal(
                ErrorCode.UNAVAILABLE,
                "the mailbox database is busy or unreachable (locked by another writer, or its server is down);"
                        + " nothing was changed. Retry in a moment",
                Map.of("retryable", true)));
    }
}
