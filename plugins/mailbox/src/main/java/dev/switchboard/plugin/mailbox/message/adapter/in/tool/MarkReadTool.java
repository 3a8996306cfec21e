package dev.switchboard.plugin.mailbox.message.adapter.in.tool;

import java.util.List;
import java.util.Map;

import jakarta.inject.Inject;

import dev.switchboard.plugin.mailbox.channel.adapter.in.tool.MailboxTool;
import dev.switchboard.plugin.mailbox.channel.application.Caller;
import dev.switchboard.plugin.mailbox.channel.application.CallerResolver;
import dev.switchboard.plugin.mailbox.channel.application.RequestKeys;
import dev.switchboard.plugin.mailbox.message.application.MarkRead;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.Refusal;
import dev.switchboard.ports.tool.ToolAnnotations;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolDescriptor;

/** {@code mark_read}: marks messages addressed to the caller read; one id, or an atomic batch. */
public final class MarkReadTool extends MailboxTool {

    static final String NAME = "mark_read";

    private static final String SCHEMA = """
            {
              "type": "object",
              "properties": {
                "message_id": {"type": ["integer", "null"], "minimum": 1, "description": "One message to mark read."},
                "message_ids": {"type": ["array", "null"], "items": {"type": "integer"}, "minItems": 1, "maxItems": 1000,
                  "description": "Several messages, marked all or none."},
                %s
              },
              "additionalProperties": false
            }""".formatted(RequestKeys.SCHEMA_PROPERTY);

    /** The tool's descriptor: the kernel lists the tool by it before building it ({@code @BuiltOnFirstCall}). */
    public static final ToolDescriptor DESCRIPTOR = ToolDescriptor.builder(NAME)
            .title("Mark messages addressed to you read")
            .description("Marks one message (message_id, answered with an object) or several (message_ids, answered"
                    + " with {result: [...]}) read for your role: the only thing that lowers unread. Pass exactly one"
                    + " of the two. A batch is atomic: one id that does not exist or is not addressed to you refuses"
                    + " the whole batch and marks nothing. A message already read keeps its first read_at.")
            .inputSchema(SCHEMA)
            .annotations(ToolAnnotations.writes().idempotent())
            .build();

    private final MarkRead markRead;

    @Inject
    MarkReadTool(CallerResolver callers, MarkRead markRead) {
        super(DESCRIPTOR, callers);
        this.markRead = markRead;
    }

    @Override
    protected Outcome<Map<String, Object>> answer(ToolCall call, Caller caller) {
        boolean single = call.args().has("message_id");
        boolean batch = call.args().has("message_ids");
        if (single == batch) {
            return Outcome.refused(Refusal.invalid(
                    single ? "message_ids" : "message_id", "pass exactly one of message_id and message_ids"));
        }
        List<Long> ids = single
                ? List.of(call.args().integer("message_id", 1, Long.MAX_VALUE))
                : ((List<?>) call.arguments().get("message_ids"))
                        .stream().map(id -> ((Number) id).longValue()).toList();
        return markRead.mark(caller, call, ids, single);
    }
}
