package dev.switchboard.plugin.handoff.adapter.in.tool;

import java.util.LinkedHashMap;
import java.util.Map;

import jakarta.inject.Inject;

import dev.switchboard.plugin.handoff.application.AdvanceCursor;
import dev.switchboard.plugin.handoff.domain.CursorMove;
import dev.switchboard.ports.tool.Arguments;
import dev.switchboard.ports.tool.Tool;
import dev.switchboard.ports.tool.ToolAnnotations;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolDescriptor;
import dev.switchboard.ports.tool.ToolResult;

/** {@code frontispice_advance_cursor}: moves a consumer's cursor forward after deliberate handling. */
public final class AdvanceCursorTool implements Tool {

    static final String NAME = "frontispice_advance_cursor";

    private static final String SCHEMA = """
            {
              "type": "object",
              "properties": {
                "project": {"type": "string", "minLength": 1, "maxLength": 200,
                  "description": "The registered project."},
                "consumer": {"type": "string", "pattern": "^[a-z0-9][a-z0-9._-]{0,63}$",
                  "description": "Whose cursor to move, such as librarian."},
                "through_sequence": {"type": "integer", "minimum": 0,
                  "description": "The sequence this consumer has now handled everything up to (the highest sequence it listed and dealt with)."}
              },
              "required": ["project", "consumer", "through_sequence"],
              "additionalProperties": false
            }""";

    private static final ToolDescriptor DESCRIPTOR = ToolDescriptor.builder(NAME)
            .title("Advance a consumer cursor")
            .description(
                    "Marks a consumer's handoffs as handled up to through_sequence, so frontispice_list_updates stops"
                            + " returning them for that consumer (other consumers are unaffected). Call it only after"
                            + " deliberately handling them (read, routed or integrated). Cursors only move forward: a value"
                            + " at or behind the cursor changes nothing and says so; a value past the project's latest"
                            + " handoff is refused (CURSOR_BEYOND_LATEST).")
            .inputSchema(SCHEMA)
            .annotations(ToolAnnotations.writes().idempotent())
            .build();

    private final AdvanceCursor advanceCursor;

    @Inject
    AdvanceCursorTool(AdvanceCursor advanceCursor) {
        this.advanceCursor = advanceCursor;
    }

    @Override
    public ToolDescriptor descriptor() {
        return DESCRIPTOR;
    }

    @Override
    public ToolResult call(ToolCall call) {
        Arguments args = call.args();
        return Results.guarded(() -> advanceCursor
                .advance(
                        args.text("project"),
                        args.text("consumer"),
                        args.integer("through_sequence", 0, Long.MAX_VALUE))
                .toResult(AdvanceCursorTool::success));
    }

    private static ToolResult success(CursorMove move) {
        boolean advanced = move.kind() == CursorMove.Kind.ADVANCED;
        Map<String, Object> structured = new LinkedHashMap<>();
        structured.put("consumer", move.after().consumer());
        structured.put("status", advanced ? "advanced" : "unchanged");
        structured.put("changed", advanced);
        structured.put("previous_sequence", move.before().through().value());
        structured.put("through_sequence", move.after().through().value());
        structured.put("cursor", Views.cursor(move.after()));
        String text = advanced
                ? "Cursor of " + move.after().consumer() + " advanced from "
                        + move.before().through() + " to " + move.after().through() + "."
                : "Cursor of " + move.after().consumer() + " unchanged at "
                        + move.after().through() + " (cursors only move forward).";
        return ToolResult.structured(text, structured);
    }
}
