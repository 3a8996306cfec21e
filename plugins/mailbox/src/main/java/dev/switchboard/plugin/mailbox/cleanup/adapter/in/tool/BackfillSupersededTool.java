package dev.switchboard.plugin.mailbox.cleanup.adapter.in.tool;

import java.util.Map;

import jakarta.inject.Inject;

import dev.switchboard.plugin.mailbox.channel.adapter.in.tool.MailboxTool;
import dev.switchboard.plugin.mailbox.channel.application.Caller;
import dev.switchboard.plugin.mailbox.channel.application.CallerResolver;
import dev.switchboard.plugin.mailbox.channel.application.Projection;
import dev.switchboard.plugin.mailbox.channel.application.RequestKeys;
import dev.switchboard.plugin.mailbox.cleanup.application.Backfills;
import dev.switchboard.ports.tool.Arguments;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.ToolAnnotations;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolDescriptor;

/** {@code backfill_superseded}: preview (the default) or apply a one-off pass of the supersede rule over history. */
public final class BackfillSupersededTool extends MailboxTool {

    static final String NAME = "backfill_superseded";

    private static final String SCHEMA =
            """
            {
              "type": "object",
              "properties": {
                "dry_run": {"type": "boolean", "default": true, "description": "Preview (the default); false applies."},
                "ids": {"type": ["array", "null"], "items": {"type": "integer", "minimum": 1},
                  "description": "The ids to narrow the preview to; required to apply: exactly the reviewed ids."},
                "fields": {"description": "Optional: \\"headers\\", or a list of: %s."},
                "key": {"anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}, {"type": "null"}],
                  "description": "The pin key(s) the pass runs over."},
                "word_message_id": {"anyOf": [{"type": "integer", "minimum": 1},
                  {"type": "array", "items": {"type": "integer", "minimum": 1}}, {"type": "null"}],
                  "description": "Per key, the message where that key's owner gave their word."},
                "expect_count": {"type": ["integer", "null"], "minimum": 0,
                  "description": "Required to apply: the number of records the owner's word names."},
                "snapshot_at": {"type": ["string", "null"], "description": "Optional: the preview's generated_at."},
                "include_by_reference": {"type": "boolean", "default": false,
                  "description": "Include rows linked only by a '#N' mention."},
                %s
              },
              "additionalProperties": false
            }""".formatted(String.join(", ", Backfills.FIELDS), RequestKeys.SCHEMA_PROPERTY);

    /** The tool's descriptor: the kernel lists the tool by it before building it ({@code @BuiltOnFirstCall}). */
    public static final ToolDescriptor DESCRIPTOR = ToolDescriptor.builder(NAME)
            .title("Retire rounds settled before the supersede rule")
            .description("One-off: replays the supersede rule over rounds settled before it existed. Candidates:"
                    + " proposals for a pin raised before its current version ('key' rows; claimed_by lists every"
                    + " matching key), messages whose about_message_id target is deleted or superseded ('target'"
                    + " rows), and, only with include_by_reference=true, proposals linked by a '#N' mention"
                    + " ('reference' rows). Pin approval records are never candidates. dry_run=true (the default)"
                    + " returns exactly what this call would retire, filtered by key and ids, plus would_cascade,"
                    + " not_candidates, multi_claimed, excluded and generated_at. To apply, repeat with"
                    + " dry_run=false, the reviewed ids, expect_count (from the key owner's word, not from the list),"
                    + " and key with one word_message_id per key, sent by that key's owner. Refused: ids that are not"
                    + " candidates of this pass, approval records, ids claimed by keys the pass does not name. Retired"
                    + " messages stay readable with a 'superseded_backfill' event; undo_backfill reverses a pass.")
            .inputSchema(SCHEMA)
            .annotations(ToolAnnotations.writes())
            .build();

    private final Backfills backfills;

    @Inject
    BackfillSupersededTool(CallerResolver callers, Backfills backfills) {
        super(DESCRIPTOR, callers);
        this.backfills = backfills;
    }

    @Override
    protected Outcome<Map<String, Object>> answer(ToolCall call, Caller caller) {
        Arguments args = call.args();
        boolean dryRun = args.flag("dry_run", true);
        boolean byReference = args.flag("include_by_reference", false);
        var ids = ArgumentLists.ids(args, "ids");
        var keys = ArgumentLists.texts(args, "key");
        return Projection.parse(args.values().get("fields"), Backfills.FIELDS, Backfills.HEADERS)
                .then(fields -> dryRun
                        ? backfills.preview(caller, ids, keys, byReference, fields)
                        : backfills.apply(
                                caller,
                                call,
                                ids,
                                keys,
                                ArgumentLists.ids(args, "word_message_id"),
                                args.optionalInteger("expect_count", 0, Long.MAX_VALUE)
                                        .orElse(null),
                                args.optionalText("snapshot_at").orElse(null),
                                byReference));
    }
}
