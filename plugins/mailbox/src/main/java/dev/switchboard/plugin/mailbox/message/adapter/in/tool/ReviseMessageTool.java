package dev.switchboard.plugin.mailbox.message.adapter.in.tool;

import java.util.Map;

import jakarta.inject.Inject;

import dev.switchboard.plugin.mailbox.channel.adapter.in.tool.MailboxTool;
import dev.switchboard.plugin.mailbox.channel.application.Caller;
import dev.switchboard.plugin.mailbox.channel.application.CallerResolver;
import dev.switchboard.plugin.mailbox.channel.application.RequestKeys;
import dev.switchboard.plugin.mailbox.channel.domain.MailboxLimits;
import dev.switchboard.plugin.mailbox.message.application.ReviseMessage;
import dev.switchboard.ports.tool.Arguments;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.ToolAnnotations;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolDescriptor;

/** {@code revise_message}: the author replaces a message's body and topic on the same id. */
public final class ReviseMessageTool extends MailboxTool {

    static final String NAME = "revise_message";

    private static final String SCHEMA =
            """
            {
              "type": "object",
              "properties": {
                "message_id": {"type": "integer", "minimum": 1, "description": "Your message to revise."},
                "body": {"type": "string", "default": "", "description": "The new body (empty keeps the body)."},
                "topic": {"type": ["string", "null"], "description": "The new topic (null keeps it), at most %d characters."},
                "note": {"type": ["string", "null"], "description": "Why, recorded in the revision event (at most %d characters)."},
                "body_ref": {"type": ["integer", "null"], "minimum": 1, "description": "A sealed upload whose text becomes the body, instead of body."},
                "allow_sensitive": {"type": "boolean", "default": false, "description": "As for send_message."},
                %s
              },
              "required": ["message_id"],
              "additionalProperties": false
            }""".formatted(MailboxLimits.TOPIC_CHARS, MailboxLimits.NOTE_CHARS, RequestKeys.SCHEMA_PROPERTY);

    /** The tool's descriptor: the kernel lists the tool by it before building it ({@code @BuiltOnFirstCall}). */
    public static final ToolDescriptor DESCRIPTOR = ToolDescriptor.builder(NAME)
            .title("Revise your message")
            .description("Replaces the body (and topic) of a message you wrote, on the same id; recipients, kind and"
                    + " pin_key stay. Earlier votes on it become stale (kept, no longer counted; those roles see the"
                    + " proposal in awaiting_ack again) and a revision event records the old and new sha256 and byte"
                    + " lengths. The same body and topic answer {unchanged: true}. Refused for another role's message"
                    + " and for a message that approved a pin. Returns previous_body_sha256, quenched_votes and the"
                    + " new digest.")
            .inputSchema(SCHEMA)
            .annotations(ToolAnnotations.writes().destructive().idempotent())
            .build();

    private final ReviseMessage reviseMessage;

    @Inject
    ReviseMessageTool(CallerResolver callers, ReviseMessage reviseMessage) {
        super(DESCRIPTOR, callers);
        this.reviseMessage = reviseMessage;
    }

    @Override
    protected Outcome<Map<String, Object>> answer(ToolCall call, Caller caller) {
        Arguments args = call.args();
        ReviseMessage.Request request = new ReviseMessage.Request(
                args.integer("message_id", 1, Long.MAX_VALUE),
                args.optionalText("body").orElse(""),
                args.optionalText("topic").orElse(null),
                args.optionalText("note").orElse(null),
                args.optionalInteger("body_ref", 1, Long.MAX_VALUE).orElse(null),
                args.flag("allow_sensitive", false));
        return reviseMessage.revise(caller, call, request);
    }
}
