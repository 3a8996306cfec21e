package dev.switchboard.plugin.mailbox.message.adapter.in.tool;

import java.util.List;
import java.util.Map;

import dev.switchboard.plugin.mailbox.channel.domain.MailboxLimits;
import dev.switchboard.ports.tool.ErrorCode;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.Refusal;

/**
 * The bound on send_message's {@code to} list: at most {@link MailboxLimits#RECIPIENTS_MAX} entries, checked on the
 * raw argument before any entry is read, so a list of a million names costs no more than its parse. Stateless.
 */
final class RecipientCap {

    private RecipientCap() {}

    /**
     * @param to the raw {@code to} argument (a string, a list, or anything the schema let through)
     * @return done, or {@code LIMIT_EXCEEDED} with {@code field: "to"}, {@code limit} and {@code given}
     */
    static Outcome<Boolean> check(Object to) {
        if (to instanceof List<?> list && list.size() > MailboxLimits.RECIPIENTS_MAX) {
            return Outcome.refused(new Refusal(
                    ErrorCode.LIMIT_EXCEEDED,
                    "to: " + list.size() + " recipients, more than the " + MailboxLimits.RECIPIENTS_MAX
                            + " a message can have; nothing was sent. Send to \"*\" for every other role",
                    Map.of("field", "to", "limit", MailboxLimits.RECIPIENTS_MAX, "given", list.size())));
        }
        return Outcome.done(true);
    }
}
