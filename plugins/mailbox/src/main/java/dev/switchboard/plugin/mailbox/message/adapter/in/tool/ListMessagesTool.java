package dev.switchboard.plugin.mailbox.message.adapter.in.tool;

import java.util.Map;

import jakarta.inject.Inject;

import dev.switchboard.plugin.mailbox.channel.adapter.in.tool.MailboxTool;
import dev.switchboard.plugin.mailbox.channel.application.Caller;
import dev.switchboard.plugin.mailbox.channel.application.CallerResolver;
import dev.switchboard.plugin.mailbox.channel.application.Listing;
import dev.switchboard.plugin.mailbox.channel.application.Projection;
import dev.switchboard.plugin.mailbox.channel.application.Untrusted;
import dev.switchboard.plugin.mailbox.channel.domain.MailboxLimits;
import dev.switchboard.plugin.mailbox.message.application.ListMessages;
import dev.switchboard.ports.tool.Arguments;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.ToolAnnotations;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolDescriptor;

/** {@code list_messages}: the channel's live messages, newest first, filtered. */
public final class ListMessagesTool extends MailboxTool {

    static final String NAME = "list_messages";

    private static final int DEFAULT_LIMIT = 100;

    private static final String SCHEMA = """
            {
              "type": "object",
              "properties": {
                "topic": {"type": ["string", "null"], "description": "Literal substring of the topic (ASCII case-insensitive; %% and _ are plain), at most %d characters."},
                "from_role": {"type": ["string", "null"], "description": "Only messages from this role."},
                "to_role": {"type": ["string", "null"], "description": "Only messages addressed to this role (multi-recipient and \\"*\\" messages included)."},
                "unread_only": {"type": "boolean", "default": false, "description": "Only messages addressed to you that you have not marked read."},
                "since": {"type": ["string", "null"], "description": "ISO-8601 time or date (Z, a numeric offset, a space for T, or a bare date; no offset is UTC)."},
                "limit": {%s, "default": %d, "description": "At most this many, %d to %d (default %d)."},
                "status": {"type": ["string", "null"], "description": "open or resolved."},
                "kind": {"type": ["string", "null"], "description": "bug, feat, proc, status, question or answer."},
                "work_status": {"type": ["string", "null"], "description": "proposed, in_progress, done_local, needs_you, done or blocked."},
                "text": {"type": ["string", "null"], "description": "Literal substring of the topic or the body, as topic."},
                "pin_key": {"type": ["string", "null"], "description": "Only messages whose pin_key field is this key."},
                %s
              },
              "additionalProperties": false
            }""".formatted(
                    MailboxLimits.FILTER_CHARS,
                    Listing.LIMIT_SCHEMA,
                    DEFAULT_LIMIT,
                    MailboxLimits.LIMIT_MIN,
                    MailboxLimits.LIMIT_MAX,
                    DEFAULT_LIMIT,
                    Projection.SCHEMA_PROPERTY);

    /** The tool's descriptor: the kernel lists the tool by it before building it ({@code @BuiltOnFirstCall}). */
    public static final ToolDescriptor DESCRIPTOR = ToolDescriptor.builder(NAME)
            .title("List the channel's messages")
            .description("Lists live messages of the channel, newest first, as {result: [...]} with truncated when"
                    + " more matched than limit. Filters combine: literal topic/text substrings, from_role, to_role,"
                    + " unread_only, since (ISO-8601), status, kind, work_status, pin_key. Refused: a filter over "
                    + MailboxLimits.FILTER_CHARS + " characters, an unparseable since, unknown values, limit outside "
                    + MailboxLimits.LIMIT_MIN + ".." + MailboxLimits.LIMIT_MAX
                    + ", unknown fields; a from_role or to_role that"
                    + " names no role of the channel is UNKNOWN_ROLE, naming its roles."
                    + Untrusted.DESCRIPTION)
            .inputSchema(SCHEMA)
            .annotations(ToolAnnotations.readOnly())
            .build();

    private final ListMessages listMessages;

    @Inject
    ListMessagesTool(CallerResolver callers, ListMessages listMessages) {
        super(DESCRIPTOR, callers);
        this.listMessages = listMessages;
    }

    @Override
    protected Outcome<Map<String, Object>> answer(ToolCall call, Caller caller) {
        Arguments args = call.args();
        ListMessages.Request request = new ListMessages.Request(
                args.optionalText("topic").orElse(null),
                args.optionalText("text").orElse(null),
                args.optionalText("from_role").orElse(null),
                args.optionalText("to_role").orElse(null),
                args.flag("unread_only", false),
                args.optionalText("since").orElse(null),
                args.optionalText("status").orElse(null),
                args.optionalText("kind").orElse(null),
                args.optionalText("work_status").orElse(null),
                args.optionalText("pin_key").orElse(null));
        return Listing.limit(args, DEFAULT_LIMIT)
                .then(limit -> Projection.parse(call.arguments().get(Projection.ARGUMENT))
                        .then(fields -> listMessages.listing(caller, request, limit, fields)));
    }
}
