package dev.switchboard.plugin.mailbox.cleanup.adapter.in.tool;

import java.util.Map;

import jakarta.inject.Inject;

import dev.switchboard.plugin.mailbox.channel.adapter.in.tool.MailboxTool;
import dev.switchboard.plugin.mailbox.channel.application.Caller;
import dev.switchboard.plugin.mailbox.channel.application.CallerResolver;
import dev.switchboard.plugin.mailbox.channel.application.RequestKeys;
import dev.switchboard.plugin.mailbox.channel.domain.MailboxLimits;
import dev.switchboard.plugin.mailbox.cleanup.application.Backfills;
import dev.switchboard.ports.tool.Arguments;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.ToolAnnotations;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolDescriptor;

/** {@code undo_backfill}: restore what a cleanup pass retired. */
public final class UndoBackfillTool extends MailboxTool {

    static final String NAME = "undo_backfill";

    private static final String SCHEMA = """
            {
              "type": "object",
              "properties": {
                "ids": {"type": "array", "items": {"type": "integer", "minimum": 1},
                  "description": "The messages a cleanup pass retired."},
                "reason": {"type": ["string", "null"], "description": "Optional: why, at most %d characters."},
                %s
              },
              "required": ["ids"],
              "additionalProperties": false
            }""".formatted(MailboxLimits.NOTE_CHARS, RequestKeys.SCHEMA_PROPERTY);

    /** The tool's descriptor: the kernel lists the tool by it before building it ({@code @BuiltOnFirstCall}). */
    public static final ToolDescriptor DESCRIPTOR = ToolDescriptor.builder(NAME)
            .title("Undo a cleanup pass")
            .description("Puts back records that backfill_superseded retired. Only retirements made by a cleanup"
                    + " pass can be undone: a proposal retired by a vote or a new pin version stays retired. Only the"
                    + " role that applied the pass, or the owner of a key it ran under, may undo it. Returns"
                    + " {restored, refused}; refused as a whole when nothing could be restored. Both the retirement"
                    + " and the undo stay in message_history.")
            .inputSchema(SCHEMA)
            .annotations(ToolAnnotations.writes())
            .build();

    private final Backfills backfills;

    @Inject
    UndoBackfillTool(CallerResolver callers, Backfills backfills) {
        super(DESCRIPTOR, callers);
        this.backfills = backfills;
    }

    @Override
    protected Outcome<Map<String, Object>> answer(ToolCall call, Caller caller) {
        Arguments args = call.args();
        return backfills.undo(
                caller,
                call,
                ArgumentLists.ids(args, "ids"),
                args.optionalText("reason").orElse(null));
    }
}
