package dev.switchboard.plugin.mailbox.work;

import static org.assertj.core.api.Assertions.fail;

import java.util.List;
import java.util.Map;

import dev.switchboard.plugin.mailbox.MailboxHarness;
import dev.switchboard.plugin.mailbox.channel.application.Caller;
import dev.switchboard.plugin.mailbox.channel.application.CallerResolver;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Transactions;
import dev.switchboard.plugin.mailbox.channel.domain.Message;
import dev.switchboard.plugin.mailbox.message.application.port.out.MessageStore;
import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.ToolCall;

/** What the work tests read from a harness's real store and the tools do not show, and the history as a list. */
public final class Store {

    private Store() {}

    /** @return the caller the harness's server resolves for its own role */
    public static Caller caller(MailboxHarness role) {
        Outcome<Caller> caller = role.injector()
                .getInstance(CallerResolver.class)
                .resolve(ToolCall.detached("test", Map.of(), Principal.LOCAL_OWNER));
        return caller.orElse(refusal -> fail("refused: " + refusal.message()));
    }

    /** @return the message as stored */
    public static Message message(MailboxHarness role, long id) {
        MessageStore messages = role.injector().getInstance(MessageStore.class);
        return read(role, tx -> messages.find(tx, id).orElseThrow());
    }

    /** @return the message's history as message_history answers it, oldest first */
    @SuppressWarnings("unchecked")
    public static List<Map<String, Object>> history(MailboxHarness role, long id) {
        return (List<Map<String, Object>>)
                role.ok("message_history", Map.of("message_id", id)).get("events");
    }

    private static <T> T read(
            MailboxHarness role,
            java.util.function.Function<dev.switchboard.plugin.mailbox.channel.application.port.out.Tx, T> work) {
        Outcome<T> outcome = role.injector()
                .getInstance(Transactions.class)
                .read(caller(role).channelId(), tx -> Outcome.done(work.apply(tx)));
        return outcome.orElse(refusal -> fail("refused: " + refusal.message()));
    }
}
