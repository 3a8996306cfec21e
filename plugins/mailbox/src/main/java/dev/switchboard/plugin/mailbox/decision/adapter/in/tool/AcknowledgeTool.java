package dev.switchboard.plugin.mailbox.decision.adapter.in.tool;

import java.util.Map;

import jakarta.inject.Inject;

import dev.switchboard.plugin.mailbox.channel.adapter.in.tool.MailboxTool;
import dev.switchboard.plugin.mailbox.channel.application.Caller;
import dev.switchboard.plugin.mailbox.channel.application.CallerResolver;
import dev.switchboard.plugin.mailbox.channel.application.RequestKeys;
import dev.switchboard.plugin.mailbox.channel.domain.MailboxLimits;
import dev.switchboard.plugin.mailbox.decision.application.Acknowledge;
import dev.switchboard.ports.tool.Arguments;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.ToolAnnotations;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolDescriptor;

/** {@code acknowledge}: record the caller's decision on another role's message. */
public final class AcknowledgeTool extends MailboxTool {

    static final String NAME = "acknowledge";

    private static final String SCHEMA = """
            {
              "type": "object",
              "properties": {
                "message_id": {"type": "integer", "minimum": 1, "description": "The message to decide on."},
                "decision": {"type": "string", "description": "agree, reject, needs_changes or void."},
                "note": {"type": ["string", "null"], "description": "Optional: why, at most %d characters."},
                "expect_body_sha256": {"type": ["string", "null"],
                  "description": "Optional: the body_sha256 you read; the vote is refused if the author revised the body since."},
                %s
              },
              "required": ["message_id", "decision"],
              "additionalProperties": false
            }""".formatted(MailboxLimits.NOTE_CHARS, RequestKeys.SCHEMA_PROPERTY);

    /** The tool's descriptor: the kernel lists the tool by it before building it ({@code @BuiltOnFirstCall}). */
    public static final ToolDescriptor DESCRIPTOR = ToolDescriptor.builder(NAME)
            .title("Record your decision on a message")
            .description("Records your role's decision on another role's message: agree, reject, needs_changes or"
                    + " void ('the subject no longer exists': it never counts as agreement, and from a member of the"
                    + " round's electorate, cast after the last revision, it closes a pin round so the key is free"
                    + " and the proposal can no longer approve pin_set). One decision per message and role: the same"
                    + " decision again changes nothing, another one replaces it. A revision by the author quenches"
                    + " earlier votes; pass expect_body_sha256 (from the message or get_acknowledgements) and the"
                    + " vote is refused if the body changed since you read it. You cannot acknowledge your own"
                    + " message. Works on any kind; only proposals (kind='proc') appear in awaiting_ack. Acknowledging"
                    + " also retires your nudges about the message (about_message_id), returned as 'superseded'.")
            .inputSchema(SCHEMA)
            .annotations(ToolAnnotations.writes().idempotent())
            .build();

    private final Acknowledge acknowledge;

    @Inject
    AcknowledgeTool(CallerResolver callers, Acknowledge acknowledge) {
        super(DESCRIPTOR, callers);
        this.acknowledge = acknowledge;
    }

    @Override
    protected Outcome<Map<String, Object>> answer(ToolCall call, Caller caller) {
        Arguments args = call.args();
        long id = args.integer("message_id", 1, Long.MAX_VALUE);
        return acknowledge.acknowledge(
                caller,
                call,
                id,
                args.text("decision"),
                args.optionalText("note").orElse(null),
                args.optionalText("expect_body_sha256").orElse(null));
    }
}
