package dev.switchboard.plugin.mailbox.channel.adapter.out.persistence;

import java.sql.Connection;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import org.jooq.DSLContext;
import org.jooq.SQLDialect;
import org.jooq.conf.Settings;
import org.jooq.impl.DSL;

import dev.switchboard.ports.storage.SqlStorage;

/**
 * jOOQ on a connection of the mailbox's storage, in the storage's dialect
 * ({@code SQLDialect.valueOf(storage.dialect().jooqName())}), without execute logging or schema names. The unit of work
 * itself (snapshots, transactions, busy and unreachable handling) is the storage's ({@link SqlStorage}). Thread-safe.
 */
@Singleton
public final class MailboxJooq {

    private static final Settings SETTINGS =
            new Settings().withExecuteLogging(false).withRenderSchema(false);

    private final SqlStorage storage;

    /** Touches nothing of the storage until used. */
    @Inject
    MailboxJooq(SqlStorage storage) {
        this.storage = storage;
    }

    /** @return jOOQ on {@code connection}, in the storage's dialect; as long-lived as the connection */
    public DSLContext on(Connection connection) {
        return DSL.using(connection, SQLDialect.valueOf(storage.dialect().jooqName()), SETTINGS);
    }
}
