package dev.switchboard.plugin.mailbox.channel.adapter.out.persistence;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.switchboard.plugin.mailbox.channel.application.port.out.RoleStates;
import dev.switchboard.ports.storage.SqlStorage;

/** {@link RoleStates} on {@code mailbox_role_state}. Thread-safe. */
@Singleton
public final class JooqRoleStates implements RoleStates {

    private final SqlStorage storage;
    private final MailboxJooq jooq;

    @Inject
    JooqRoleStates(SqlStorage storage, MailboxJooq jooq) {
        this.storage = storage;
        this.jooq = jooq;
    }

    @Override
    public void touch(long channelId, String role, String now) {
        storage.transaction(connection -> jooq.on(connection)
                .insertInto(MailboxTables.RoleState.TABLE)
                .columns(
                        MailboxTables.RoleState.CHANNEL_ID,
                        MailboxTables.RoleState.ROLE,
                        MailboxTables.RoleState.LAST_SEEN)
                .values(channelId, role, now)
                .onConflict(MailboxTables.RoleState.CHANNEL_ID, MailboxTables.RoleState.ROLE)
                .doUpdate()
                .set(MailboxTables.RoleState.LAST_SEEN, now)
                .execute());
    }
}
