package dev.switchboard.plugin.mailbox.channel.adapter.out.persistence;

import java.sql.PreparedStatement;
import java.time.Clock;
import java.util.Map;
import java.util.function.Function;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import org.jooq.DSLContext;

import dev.switchboard.plugin.mailbox.channel.application.port.out.Transactions;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Tx;
import dev.switchboard.plugin.mailbox.channel.domain.Timestamps;
import dev.switchboard.ports.signal.ChangeSignals;
import dev.switchboard.ports.storage.StorageBusyException;
import dev.switchboard.ports.tool.ErrorCode;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.Refusal;

/**
 * {@link Transactions} on the storage. On PostgreSQL a write runs {@code READ COMMITTED} and first takes the
 * channel's row lock ({@code SELECT ... FOR NO KEY UPDATE}): the writers of one channel run one after the other, as
 * on SQLite, and every check after the lock sees every earlier writer's commit. (The lock does not block inserts that
 * only reference the channel, such as presence.) A refused work is rolled back by an exception private to this class.
 * Thread-safe.
 */
@Singleton
public final class JooqTransactions implements Transactions {

    private static final String CHANNEL_LOCK =
            "SELECT channel_id FROM mailbox_channel WHERE channel_id = ? FOR NO KEY UPDATE";

    private final MailboxDatabase database;
    private final ChangeSignals signals;
    private final Clock clock;

    @Inject
    JooqTransactions(MailboxDatabase database, ChangeSignals signals, Clock clock) {
        this.database = database;
        this.signals = signals;
        this.clock = clock;
    }

    @Override
    public <T> Outcome<T> write(long channelId, Function<Tx, Outcome<T>> work) {
        try {
            return database.lockingTransaction(connection -> {
                DSLContext sql = database.jooq(connection);
                if (database.postgres()) {
                    // fixed SQL, not jOOQ: every write of every channel runs it
                    try (PreparedStatement lock = connection.prepareStatement(CHANNEL_LOCK)) {
                        lock.setLong(1, channelId);
                        lock.executeQuery().close();
                    }
                }
                JooqTx tx =
                        new JooqTx(channelId, Timestamps.format(clock.instant()), sql, connection, database.postgres());
                Outcome<T> outcome = work.apply(tx);
                if (outcome instanceof Outcome.Refused<T>) {
                    throw new RolledBack(outcome);
                }
                signals.publish(connection, Transactions.signalTopic(channelId));
                return outcome;
            });
        } catch (RolledBack rolledBack) {
            @SuppressWarnings("unchecked")
            Outcome<T> refused = (Outcome<T>) rolledBack.outcome;
            return refused;
        } catch (StorageBusyException e) {
            return busy();
        }
    }

    @Override
    public <T> Outcome<T> read(long channelId, Function<Tx, Outcome<T>> work) {
        try {
            return database.snapshot(connection -> work.apply(new JooqTx(
                    channelId,
                    Timestamps.format(clock.instant()),
                    database.jooq(connection),
                    connection,
                    database.postgres())));
        } catch (StorageBusyException e) {
            return busy();
        }
    }

    private static <T> Outcome<T> busy() {
        return Outcome.refused(new Refusal(
                ErrorCode.UNAVAILABLE,
                "the mailbox database is busy or unreachable (locked by another writer, or its server is down);"
                        + " nothing was changed. Retry in a moment",
                Map.of("retryable", true)));
    }

    /** Carries a refusal out of the storage's transaction, so that it rolls back. */
    private static final class RolledBack extends RuntimeException {
        private final transient Outcome<?> outcome;

        RolledBack(Outcome<?> outcome) {
            super("refused", null, false, false);
            this.outcome = outcome;
        }
    }
}
