package dev.switchboard.plugin.mailbox.message.adapter.in.tool;

import java.util.LinkedHashMap;
import java.util.Map;

import jakarta.inject.Inject;

import dev.switchboard.plugin.mailbox.channel.adapter.in.tool.MailboxTool;
import dev.switchboard.plugin.mailbox.channel.application.Caller;
import dev.switchboard.plugin.mailbox.channel.application.CallerResolver;
import dev.switchboard.plugin.mailbox.channel.application.Untrusted;
import dev.switchboard.plugin.mailbox.message.application.MessageHistory;
import dev.switchboard.plugin.mailbox.message.application.port.out.EventLog;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.ToolAnnotations;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolDescriptor;

/** {@code message_history}: a message's audit trail, oldest first. */
public final class MessageHistoryTool extends MailboxTool {

    static final String NAME = "message_history";

    private static final String SCHEMA = """
            {
              "type": "object",
              "properties": {
                "message_id": {"type": "integer", "minimum": 1, "description": "The message."}
              },
              "required": ["message_id"],
              "additionalProperties": false
            }""";

    /** The tool's descriptor: the kernel lists the tool by it before building it ({@code @BuiltOnFirstCall}). */
    public static final ToolDescriptor DESCRIPTOR = ToolDescriptor.builder(NAME)
            .title("Read a message's history")
            .description("Returns {id, events: [...]}: every state change of the message, oldest first, each with"
                    + " event (resolve, reopen, resolution_confirmed, work_status:<value>, revision with the old and"
                    + " new sha256 and byte lengths, superseded, deleted, declared_dead, backfill and undo, ...), the"
                    + " role that made it (from the server), its note and time." + Untrusted.DESCRIPTION)
            .inputSchema(SCHEMA)
            .annotations(ToolAnnotations.readOnly())
            .build();

    private final MessageHistory history;

    @Inject
    MessageHistoryTool(CallerResolver callers, MessageHistory history) {
        super(DESCRIPTOR, callers);
        this.history = history;
    }

    @Override
    protected Outcome<Map<String, Object>> answer(ToolCall call, Caller caller) {
        long id = call.args().integer("message_id", 1, Long.MAX_VALUE);
        return history.history(caller, id).map(events -> {
            Map<String, Object> result = new LinkedHashMap<>();
            result.put("id", id);
            result.put("events", events.stream().map(MessageHistoryTool::event).toList());
            result.put(Untrusted.FIELD, Untrusted.NOTE);
            return result;
        });
    }

    private static Map<String, Object> event(EventLog.Event event) {
        Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("event", event.event());
        entry.put("role", event.role());
        entry.put("note", event.note());
        entry.put("created_at", event.createdAt());
        if (!event.pinKeys().isEmpty()) {
            entry.put("pin_keys", event.pinKeys());
        }
        return entry;
    }
}
