package dev.switchboard.plugin.mailbox.hosted.adapter.out.persistence;

import java.time.Clock;
import java.util.function.Function;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.switchboard.plugin.mailbox.channel.adapter.out.persistence.MailboxDatabase;
import dev.switchboard.plugin.mailbox.channel.domain.Timestamps;
import dev.switchboard.plugin.mailbox.hosted.application.port.out.Registry;
import dev.switchboard.plugin.mailbox.hosted.application.port.out.RegistryTx;
import dev.switchboard.ports.signal.ChangeSignals;
import dev.switchboard.ports.tool.Outcome;

/**
 * {@link Registry} on the mailbox's database: a write is one storage transaction (SQLite's single writer; PostgreSQL's
 * {@code SERIALIZABLE}, retried by the adapter on a conflict, so two owners creating one name end with one channel
 * and a refusal), a refusal rolls it back; a read is one snapshot. Thread-safe.
 */
@Singleton
public final class JooqRegistry implements Registry {

    private final MailboxDatabase database;
    private final ChangeSignals signals;
    private final Clock clock;

    @Inject
    JooqRegistry(MailboxDatabase database, ChangeSignals signals, Clock clock) {
        this.database = database;
        this.signals = signals;
        this.clock = clock;
    }

    @Override
    public <T> Outcome<T> write(Function<RegistryTx, Outcome<T>> work) {
        try {
            return database.transaction(connection -> {
                Outcome<T> outcome = work.apply(tx(connection));
                if (outcome instanceof Outcome.Refused<T>) {
                    throw new RolledBack(outcome);
                }
                return outcome;
            });
        } catch (RolledBack rolledBack) {
            @SuppressWarnings("unchecked")
            Outcome<T> refused = (Outcome<T>) rolledBack.outcome;
            return refused;
        }
    }

    @Override
    public <T> Outcome<T> read(Function<RegistryTx, Outcome<T>> work) {
        return database.snapshot(connection -> work.apply(tx(connection)));
    }

    private JooqRegistryTx tx(java.sql.Connection connection) {
        return new JooqRegistryTx(connection, database.jooq(connection), signals, Timestamps.format(clock.instant()));
    }

    /** Carries a refusal out of the storage transaction, which rolls it back. */
    private static final class RolledBack extends RuntimeException {
        private final transient Object outcome;

        RolledBack(Object outcome) {
            super(null, null, false, false);
            this.outcome = outcome;
        }
    }
}
