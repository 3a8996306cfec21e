package dev.switchboard.plugin.mailbox.message.adapter.in.tool;

import java.util.Map;

import jakarta.inject.Inject;

import dev.switchboard.plugin.mailbox.channel.adapter.in.tool.MailboxTool;
import dev.switchboard.plugin.mailbox.channel.application.Caller;
import dev.switchboard.plugin.mailbox.channel.application.CallerResolver;
import dev.switchboard.plugin.mailbox.channel.application.Listing;
import dev.switchboard.plugin.mailbox.channel.application.Projection;
import dev.switchboard.plugin.mailbox.channel.application.Untrusted;
import dev.switchboard.plugin.mailbox.message.application.ReadInbox;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.ToolAnnotations;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolDescriptor;

/** {@code read_inbox}: the newest messages addressed to the caller, oldest first; records delivery. */
public final class ReadInboxTool extends MailboxTool {

    static final String NAME = "read_inbox";

    private static final int DEFAULT_LIMIT = 50;

    private static final String SCHEMA = """
            {
              "type": "object",
              "properties": {
                "unread_only": {"type": "boolean", "default": true,
                  "description": "Only messages you have not marked read (default true)."},
                "limit": {%s, "default": 50, "description": "How many of the newest messages, 1 to 1000 (default 50)."},
                %s
              },
              "additionalProperties": false
            }""".formatted(Listing.LIMIT_SCHEMA, Projection.SCHEMA_PROPERTY);

    /** The tool's descriptor: the kernel lists the tool by it before building it ({@code @BuiltOnFirstCall}). */
    public static final ToolDescriptor DESCRIPTOR = ToolDescriptor.builder(NAME)
            .title("Read the messages addressed to you")
            .description("Returns the newest `limit` messages addressed to your role (multi-recipient and \"*\""
                    + " messages included), in chronological order, as {result: [...]} with truncated when more"
                    + " matched. It records that they were delivered (opened_at) but never marks them read: call"
                    + " mark_read for that, which is what lowers unread. Proposals carry an acks tally."
                    + Untrusted.DESCRIPTION)
            .inputSchema(SCHEMA)
            .annotations(ToolAnnotations.writes().idempotent())
            .build();

    private final ReadInbox readInbox;

    @Inject
    ReadInboxTool(CallerResolver callers, ReadInbox readInbox) {
        super(DESCRIPTOR, callers);
        this.readInbox = readInbox;
    }

    @Override
    protected Outcome<Map<String, Object>> answer(ToolCall call, Caller caller) {
        boolean unreadOnly = call.args().flag("unread_only", true);
        return Listing.limit(call.args(), DEFAULT_LIMIT)
                .then(limit -> Projection.parse(call.arguments().get(Projection.ARGUMENT))
                        .then(fields -> readInbox.read(caller, unreadOnly, limit, fields))
                        .map(page -> listing(page, limit)));
    }

    private static Map<String, Object> listing(ReadInbox.Page page, int limit) {
        Map<String, Object> listing = Listing.ofFitted(page.entries(), limit, page.more(), page.cut(), null);
        listing.put(Untrusted.FIELD, Untrusted.NOTE);
        return listing;
    }
}
