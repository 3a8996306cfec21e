package dev.switchboard.plugin.mailbox.message.adapter.in.tool;

import java.util.Map;

import jakarta.inject.Inject;

import dev.switchboard.plugin.mailbox.channel.adapter.in.tool.MailboxTool;
import dev.switchboard.plugin.mailbox.channel.application.Caller;
import dev.switchboard.plugin.mailbox.channel.application.CallerResolver;
import dev.switchboard.plugin.mailbox.channel.application.RequestKeys;
import dev.switchboard.plugin.mailbox.message.application.DeleteMessage;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.ToolAnnotations;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolDescriptor;

/** {@code delete_message}: a soft delete that leaves a tombstone in its thread. */
public final class DeleteMessageTool extends MailboxTool {

    static final String NAME = "delete_message";

    private static final String SCHEMA = """
            {
              "type": "object",
              "properties": {
                "message_id": {"type": "integer", "minimum": 1, "description": "The message to delete."},
                %s
              },
              "required": ["message_id"],
              "additionalProperties": false
            }""".formatted(RequestKeys.SCHEMA_PROPERTY);

    /** The tool's descriptor: the kernel lists the tool by it before building it ({@code @BuiltOnFirstCall}). */
    public static final ToolDescriptor DESCRIPTOR = ToolDescriptor.builder(NAME)
            .title("Delete a message (tombstone)")
            .description("Deletes a message you sent or received: it leaves the inbox, lists, search and counters,"
                    + " and stays in get_thread as a tombstone. A proposal can be deleted only by its author (which"
                    + " closes its round). Refused: a pin's approval record, an open debt, a resolved debt not yet"
                    + " confirmed. Nudges about it are retired. Returns {id, deleted: true, superseded: [ids]}.")
            .inputSchema(SCHEMA)
            .annotations(ToolAnnotations.writes().destructive().idempotent())
            .build();

    private final DeleteMessage deleteMessage;

    @Inject
    DeleteMessageTool(CallerResolver callers, DeleteMessage deleteMessage) {
        super(DESCRIPTOR, callers);
        this.deleteMessage = deleteMessage;
    }

    @Override
    protected Outcome<Map<String, Object>> answer(ToolCall call, Caller caller) {
        long id = call.args().integer("message_id", 1, Long.MAX_VALUE);
        return deleteMessage.delete(caller, call, id);
    }
}
