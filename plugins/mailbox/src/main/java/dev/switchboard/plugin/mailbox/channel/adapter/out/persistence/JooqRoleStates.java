package dev.switchboard.plugin.mailbox.channel.adapter.out.persistence;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.switchboard.plugin.mailbox.channel.application.port.out.RoleStates;

/** {@link RoleStates} on {@code mailbox_role_state}. Thread-safe. */
@Singleton
public final class JooqRoleStates implements RoleStates {

    private final MailboxDatabase database;

    @Inject
    JooqRoleStates(MailboxDatabase database) {
        this.database = database;
    }

    @Override
    public void touch(long channelId, String role, String now) {
        database.transaction(connection -> database.jooq(connection)
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
