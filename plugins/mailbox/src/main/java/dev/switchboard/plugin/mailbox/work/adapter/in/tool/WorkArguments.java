package dev.switchboard.plugin.mailbox.work.adapter.in.tool;

import java.util.ArrayList;
import java.util.List;

import dev.switchboard.plugin.mailbox.channel.domain.MailboxLimits;
import dev.switchboard.ports.tool.Arguments;
import dev.switchboard.ports.tool.InvalidArgumentException;

/** Schema pieces and argument reads the work tools share. Constants and pure functions. */
final class WorkArguments {

    /** The most blockers one task may name. */
    static final int MAX_BLOCKERS = 64;

    static final String MESSAGE_ID = "\"message_id\": {\"type\": \"integer\", \"minimum\": 1,"
            + " \"description\": \"The message's id in this channel.\"}";

    private WorkArguments() {}

    /**
     * @param name        the argument
     * @param description what it is for
     * @return an optional free-text property of at most {@link MailboxLimits#NOTE_CHARS} characters (null allowed)
     */
    static String note(String name, String description) {
        return "\"" + name + "\": {\"type\": [\"string\", \"null\"], \"maxLength\": " + MailboxLimits.NOTE_CHARS
                + ", \"description\": \"" + description + " At most " + MailboxLimits.NOTE_CHARS
                + " characters.\"}";
    }

    /** {@code blocked_by}: one id, a list of ids, or null. */
    static final String BLOCKED_BY = "\"blocked_by\": {\"description\": \"Only with work_status 'blocked': the id of"
            + " the debt this task waits for, or a list of up to " + MAX_BLOCKERS + " ids (it waits for all of them)."
            + " Each must be an unresolved action_required message.\", \"anyOf\": [{\"type\": \"integer\","
            + " \"minimum\": 1}, {\"type\": \"array\", \"minItems\": 1, \"maxItems\": " + MAX_BLOCKERS
            + ", \"items\": {\"type\": \"integer\", \"minimum\": 1}}, {\"type\": \"null\"}]}";

    /**
     * @param args the call's arguments
     * @return the ids in {@code blocked_by}, in the order sent; empty when it is absent or null
     * @throws InvalidArgumentException if a value is not a whole number of at least 1
     */
    static List<Long> blockedBy(Arguments args) {
        Object raw = args.values().get("blocked_by");
        if (raw == null) {
            return List.of();
        }
        List<?> values = raw instanceof List<?> list ? list : List.of(raw);
        List<Long> ids = new ArrayList<>(values.size());
        for (int i = 0; i < values.size(); i++) {
            String field = raw instanceof List<?> ? "blocked_by." + i : "blocked_by";
            if (!(values.get(i) instanceof Number number)
                    || Arguments.exactLong(number).filter(id -> id >= 1).isEmpty()) {
                throw new InvalidArgumentException(field, "must be a message id, a whole number of at least 1");
            }
            ids.add(Arguments.exactLong(number).get());
        }
        return List.copyOf(ids);
    }
}
