package dev.switchboard.plugin.mailbox.work;

import java.sql.PreparedStatement;
import java.util.List;
import java.util.Map;

import dev.switchboard.plugin.mailbox.MailboxHarness;
import dev.switchboard.plugin.mailbox.channel.application.Caller;
import dev.switchboard.plugin.mailbox.channel.application.CallerResolver;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Transactions;
import dev.switchboard.plugin.mailbox.message.application.port.out.EventLog;
import dev.switchboard.plugin.mailbox.message.application.port.out.MessageStore;
import dev.switchboard.plugin.mailbox.message.domain.Message;
import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.ToolCall;

/**
 * Reads and two writes on a harness's real store, for the work, orientation and wait tests.
 * TODO(merge): replace markRead, delete and history with core's mark_read, delete_message and message_history tools
 * once they exist on g-mbcore.
 */
public final class Store {

    private Store() {}

    /** @return the caller the harness's server resolves for its own role */
    public static Caller caller(MailboxHarness role) {
        Outcome<Caller> caller = role.injector()
                .getInstance(CallerResolver.class)
                .resolve(ToolCall.detached("test", Map.of(), Principal.LOCAL_OWNER));
        return ((Outcome.Done<Caller>) caller).value();
    }

    /** @return the message as stored */
    public static Message message(MailboxHarness role, long id) {
        MessageStore messages = role.injector().getInstance(MessageStore.class);
        return read(role, tx -> messages.find(tx, id).orElseThrow());
    }

    /** @return the message's history, oldest first */
    public static List<EventLog.Event> history(MailboxHarness role, long id) {
        EventLog events = role.injector().getInstance(EventLog.class);
        return read(role, tx -> events.history(tx, id));
    }

    /** Marks a message read for the harness's role, as mark_read does. */
    public static void markRead(MailboxHarness role, long id) {
        update(
                role,
                "UPDATE mailbox_recipient SET read_at = '2026-08-10T09:00:00.000Z' WHERE message_id = ? AND"
                        + " to_role = ?",
                id,
                role.role());
    }

    /** Tombstones a message, as delete_message does. */
    public static void delete(MailboxHarness role, long id) {
        update(
                role,
                "UPDATE mailbox_message SET deleted_at = '2026-08-10T09:00:00.000Z' WHERE id = ? AND ? <> ''",
                id,
                role.role());
    }

    private static <T> T read(
            MailboxHarness role,
            java.util.function.Function<dev.switchboard.plugin.mailbox.channel.application.port.out.Tx, T> work) {
        Outcome<T> outcome = role.injector()
                .getInstance(Transactions.class)
                .read(caller(role).channelId(), tx -> Outcome.done(work.apply(tx)));
        return ((Outcome.Done<T>) outcome).value();
    }

    private static void update(MailboxHarness role, String sql, long id, String text) {
        role.storage().transaction(connection -> {
            try (PreparedStatement statement = connection.prepareStatement(sql)) {
                statement.setLong(1, id);
                statement.setString(2, text);
                return statement.executeUpdate();
            }
        });
    }
}
