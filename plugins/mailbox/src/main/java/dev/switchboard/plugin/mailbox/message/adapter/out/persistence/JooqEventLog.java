package dev.switchboard.plugin.mailbox.message.adapter.out.persistence;

import java.util.List;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.switchboard.plugin.mailbox.channel.adapter.out.persistence.JooqTx;
import dev.switchboard.plugin.mailbox.channel.adapter.out.persistence.Json;
import dev.switchboard.plugin.mailbox.channel.adapter.out.persistence.MailboxTables.Events;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Tx;
import dev.switchboard.plugin.mailbox.message.application.port.out.EventLog;

/** {@link EventLog} on {@code mailbox_event}; pin keys as a JSON array. Stateless. */
@Singleton
public final class JooqEventLog implements EventLog {

    @Inject
    JooqEventLog() {}

    @Override
    public void append(Tx tx, long messageId, String event, String role, String note, List<String> pinKeys) {
        JooqTx.of(tx)
                .sql()
                .insertInto(Events.TABLE)
                .set(Events.CHANNEL_ID, tx.channelId())
                .set(Events.MESSAGE_ID, messageId)
                .set(Events.EVENT, event)
                .set(Events.ROLE, role)
                .set(Events.NOTE, note)
                .set(Events.CREATED_AT, tx.now())
                .set(Events.PIN_KEYS, pinKeys.isEmpty() ? null : Json.write(pinKeys))
                .execute();
    }

    @Override
    public List<Event> history(Tx tx, long messageId) {
        return JooqTx.of(tx)
                .sql()
                .select(Events.EVENT, Events.ROLE, Events.NOTE, Events.CREATED_AT, Events.PIN_KEYS)
                .from(Events.TABLE)
                .where(Events.CHANNEL_ID.eq(tx.channelId()))
                .and(Events.MESSAGE_ID.eq(messageId))
                .orderBy(Events.SEQ.asc())
                .fetch(row -> {
                    List<String> keys = Json.strings(row.get(Events.PIN_KEYS));
                    return new Event(
                            row.get(Events.EVENT),
                            row.get(Events.ROLE),
                            row.get(Events.NOTE),
                            row.get(Events.CREATED_AT),
                            keys == null ? List.of() : keys);
                });
    }
}
