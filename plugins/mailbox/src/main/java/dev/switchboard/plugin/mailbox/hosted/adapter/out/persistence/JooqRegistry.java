package dev.switchboard.plugin.mailbox.hosted.adapter.out.persistence;

import java.time.Clock;
import java.util.function.Function;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.switchboard.plugin.mailbox.channel.adapter.out.persistence.MailboxJooq;
import dev.switchboard.plugin.mailbox.channel.domain.Timestamps;
import dev.switchboard.plugin.mailbox.hosted.application.port.out.Registry;
import dev.switchboard.plugin.mailbox.hosted.application.port.out.RegistryTx;
import dev.switchboard.ports.signal.ChangeSignals;
import dev.switchboard.ports.storage.Isolation;
import dev.switchboard.ports.storage.SqlStorage;
import dev.switchboard.ports.tool.Outcome;

/**
 * {@link Registry} on the mailbox's database: a write is one storage transaction (SQLite's single writer; PostgreSQL's
 * {@code SERIALIZABLE}, retried by the adapter on a conflict, so two owners creating one name end with one channel
 * and a refusal), a refusal rolls it back; a read is one snapshot. Thread-safe.
 */
@Singleton
public final class JooqRegistry implements Registry {

    private final SqlStorage storage;
    private final MailboxJooq jooq;
    private final ChangeSignals signals;
    private final Clock clock;

    @Inject
    JooqRegistry(SqlStorage storage, MailboxJooq jooq, ChangeSignals signals, Clock clock) {
        this.storage = storage;
        this.jooq = jooq;
        this.signals = signals;
        this.clock = clock;
    }

    @Override
    public <T> Outcome<T> write(Function<RegistryTx, Outcome<T>> work) {
        // the work publishes its own signals (a credential change names its channel's topic)
        return storage.write(Isolation.SERIALIZABLE, null, null, connection -> work.apply(tx(connection)));
    }

    @Override
    public <T> Outcome<T> read(Function<RegistryTx, Outcome<T>> work) {
        return storage.snapshot(connection -> work.apply(tx(connection)));
    }

    private JooqRegistryTx tx(java.sql.Connection connection) {
        return new JooqRegistryTx(connection, jooq.on(connection), signals, Timestamps.format(clock.instant()));
    }
}
