package dev.switchboard.plugin.mailbox.message.adapter.in.tool;

import java.util.LinkedHashMap;
import java.util.Map;

import jakarta.inject.Inject;

import dev.switchboard.plugin.mailbox.channel.adapter.in.tool.MailboxTool;
import dev.switchboard.plugin.mailbox.channel.application.Caller;
import dev.switchboard.plugin.mailbox.channel.application.CallerResolver;
import dev.switchboard.plugin.mailbox.channel.application.RequestKeys;
import dev.switchboard.plugin.mailbox.channel.domain.MailboxLimits;
import dev.switchboard.plugin.mailbox.channel.domain.RoleRoster;
import dev.switchboard.plugin.mailbox.message.application.CheckedSend;
import dev.switchboard.plugin.mailbox.message.application.SendMessage;
import dev.switchboard.plugin.mailbox.message.application.SendRequest;
import dev.switchboard.ports.tool.Arguments;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.ToolAnnotations;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolDescriptor;

/** {@code send_message}: a message to one role, several, or every other role ({@code "*"}). */
public final class SendMessageTool extends MailboxTool {

    static final String NAME = "send_message";

    private static final String SCHEMA = """
            {
              "type": "object",
              "properties": {
                "to": {"anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}],
                  "description": "One role, a list of roles (only for kind proc or status, or a reply within a multi-recipient thread), or \\"*\\" alone for every other role."},
                "topic": {"type": "string", "description": "Required, at most %d characters (trimmed)."},
                "body": {"type": "string", "default": "", "description": "Required unless body_ref is given."},
                "action_required": {"type": "boolean", "default": false,
                  "description": "Makes the message a debt: it stays in the addressee's open_obligations until resolved. One recipient only."},
                "reply_to": {"type": ["integer", "null"], "minimum": 1, "description": "The message this answers; must exist."},
                "kind": {"type": ["string", "null"], "description": "bug, feat, proc, status, question or answer."},
                "work_status": {"type": ["string", "null"],
                  "description": "proposed, in_progress, done_local, needs_you, done or blocked; recorded as your transition."},
                "pin_key": {"type": ["string", "null"],
                  "description": "The pin a proposal is about (at most %d characters). A proc must pass it explicitly, null included."},
                "about_message_id": {"type": ["integer", "null"], "minimum": 1,
                  "description": "The message a nudge is about; must exist. A proc must pass it explicitly, null included."},
                "addenda": {"type": ["object", "null"], "additionalProperties": {"type": "string"},
                  "description": "Per-recipient additions {role: text}, at most %d characters each; each recipient sees only its own as addendum."},
                "decision_requested": {"type": "boolean", "default": true,
                  "description": "For a proc: whether it asks for votes (false keeps it out of awaiting_ack)."},
                "body_ref": {"type": ["integer", "null"], "minimum": 1, "description": "A sealed upload whose text is the body, instead of body."},
                "voters": {"anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}, {"type": "null"}],
                  "description": "A pin proposal's electorate: \\"*\\" or a list of roles (you are left out). Only with pin_key."},
                "allow_sensitive": {"type": "boolean", "default": false,
                  "description": "Send although the secret scanner found something; works only where the operator allows it, and is recorded."},
                %s
              },
              "required": ["to", "topic"],
              "additionalProperties": false
            }""".formatted(
                    MailboxLimits.TOPIC_CHARS,
                    MailboxLimits.PIN_KEY_CHARS,
                    MailboxLimits.NOTE_CHARS,
                    RequestKeys.SCHEMA_PROPERTY);

    /** The tool's descriptor: the kernel lists the tool by it before building it ({@code @BuiltOnFirstCall}). */
    public static final ToolDescriptor DESCRIPTOR = ToolDescriptor.builder(NAME)
            .title("Send a message to other roles")
            .description("Sends a message from your role (the server knows who you are) to one role, a list of roles,"
                    + " or \"*\" for every other role. action_required makes it a debt the addressee resolves and you"
                    + " confirm; kind proc makes it a proposal others vote on (pass pin_key and about_message_id"
                    + " explicitly, null allowed). Refused: a message to yourself, an empty topic or body, a topic"
                    + " over " + MailboxLimits.TOPIC_CHARS
                    + " characters, unknown kinds or work statuses, several recipients outside proc/status"
                    + " or a multi-recipient thread, a debt to several roles, a second open round on a pin key, a"
                    + " reply_to or about_message_id that does not exist; in a hosted channel a role off its roster"
                    + " (UNKNOWN_ROLE). On one machine the first message to or from a role makes it a role of the"
                    + " channel (at most " + RoleRoster.LOCAL_ROLES_MAX
                    + "): check new_roles for a typo. Returns {id, created_at}, plus recipients"
                    + " and voters when they were expanded, and new_roles when the message made roles known.")
            .inputSchema(SCHEMA)
            .annotations(ToolAnnotations.writes())
            .build();

    private final SendMessage sendMessage;

    @Inject
    SendMessageTool(CallerResolver callers, SendMessage sendMessage) {
        super(DESCRIPTOR, callers);
        this.sendMessage = sendMessage;
    }

    @Override
    protected Outcome<Map<String, Object>> answer(ToolCall call, Caller caller) {
        Outcome<CheckedSend> checked =
                RecipientCap.check(call.arguments().get("to")).then(ok -> sendMessage.check(request(call)));
        return sendMessage.send(caller, call, checked);
    }

    private static SendRequest request(ToolCall call) {
        Arguments args = call.args();
        Map<String, String> addenda = new LinkedHashMap<>();
        args.optionalObject("addenda")
                .ifPresent(object -> object.values().keySet().forEach(role -> addenda.put(role, object.text(role))));
        return new SendRequest(
                call.arguments().get("to"),
                args.text("topic"),
                args.optionalText("body").orElse(""),
                args.flag("action_required", false),
                args.optionalInteger("reply_to", 1, Long.MAX_VALUE).orElse(null),
                args.optionalText("kind").orElse(null),
                args.optionalText("work_status").orElse(null),
                call.arguments().containsKey("pin_key"),
                args.optionalText("pin_key").orElse(null),
                call.arguments().containsKey("about_message_id"),
                args.optionalInteger("about_message_id", 1, Long.MAX_VALUE).orElse(null),
                addenda,
                args.flag("decision_requested", true),
                args.optionalInteger("body_ref", 1, Long.MAX_VALUE).orElse(null),
                call.arguments().containsKey("voters"),
                call.arguments().get("voters"),
                args.flag("allow_sensitive", false));
    }
}
