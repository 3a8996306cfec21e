package dev.switchboard.plugin.mailbox.message.adapter.in.tool;

import java.util.Map;

import jakarta.inject.Inject;

import dev.switchboard.plugin.mailbox.channel.adapter.in.tool.MailboxTool;
import dev.switchboard.plugin.mailbox.channel.application.Caller;
import dev.switchboard.plugin.mailbox.channel.application.CallerResolver;
import dev.switchboard.plugin.mailbox.channel.application.Projection;
import dev.switchboard.plugin.mailbox.channel.application.Untrusted;
import dev.switchboard.plugin.mailbox.channel.domain.MailboxLimits;
import dev.switchboard.plugin.mailbox.message.application.ThreadAnswer;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.ToolAnnotations;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolDescriptor;

/**
 * {@code get_thread}: the reply tree a message belongs to, tombstones included; that message whole, the others as a
 * listing shows them ({@link ThreadAnswer}).
 */
public final class GetThreadTool extends MailboxTool {

    static final String NAME = "get_thread";

    private static final String SCHEMA = """
            {
              "type": "object",
              "properties": {
                "message_id": {"type": "integer", "minimum": 1, "description": "Any message of the thread."},
                %s
              },
              "required": ["message_id"],
              "additionalProperties": false
            }""".formatted(Projection.SCHEMA_PROPERTY);

    /** The tool's descriptor: the kernel lists the tool by it before building it ({@code @BuiltOnFirstCall}). */
    public static final ToolDescriptor DESCRIPTOR = ToolDescriptor.builder(NAME)
            .title("Read a whole thread")
            .description("Walks reply_to from the message up to the thread's root and returns the reply tree in"
                    + " chronological order as {result: [...]}, deleted messages included as tombstones (deleted_at"
                    + " set). The message named by message_id is shown whole; the others as listings show them (a body"
                    + " over " + MailboxLimits.LISTING_BODY_CHARS + " characters cut, with body_cut), at most "
                    + MailboxLimits.LISTING_BYTES / (1024 * 1024) + " MiB of them, nearest the named message"
                    + " first; when some are left out, truncated names the message_id to read on from. Proposals"
                    + " carry an acks tally." + Untrusted.DESCRIPTION)
            .inputSchema(SCHEMA)
            .annotations(ToolAnnotations.readOnly())
            .build();

    private final ThreadAnswer threads;

    @Inject
    GetThreadTool(CallerResolver callers, ThreadAnswer threads) {
        super(DESCRIPTOR, callers);
        this.threads = threads;
    }

    @Override
    protected Outcome<Map<String, Object>> answer(ToolCall call, Caller caller) {
        long id = call.args().integer("message_id", 1, Long.MAX_VALUE);
        return Projection.parse(call.arguments().get(Projection.ARGUMENT))
                .then(fields -> threads.answer(id, caller, fields));
    }
}
