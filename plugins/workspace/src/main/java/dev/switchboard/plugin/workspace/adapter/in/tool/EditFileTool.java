package dev.switchboard.plugin.workspace.adapter.in.tool;

import java.util.List;

import jakarta.inject.Inject;

import dev.switchboard.plugin.workspace.application.EditFile;
import dev.switchboard.plugin.workspace.domain.TextEdit;
import dev.switchboard.ports.tool.RequestKeyRule;
import dev.switchboard.ports.tool.Tool;
import dev.switchboard.ports.tool.ToolAnnotations;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolDescriptor;
import dev.switchboard.ports.tool.ToolResult;

/** {@code edit}: exact replacements in a file, revision-checked, once per request key. */
public final class EditFileTool implements Tool {

    static final String NAME = "edit";

    private static final String SCHEMA = """
            {
              "type": "object",
              "properties": {
                "workspace_id": {"type": "string", "minLength": 1, "description": "From workspace_open."},
                "request_key": {"type": "string", %s,
                  "description": "A new key for each new operation; a retry with the same key and arguments returns the first outcome and never edits twice."},
                "path": {"type": "string", "minLength": 1,
                  "description": "The file: relative to the workspace's directory, absolute, or ~/path."},
                "expected_revision": {"type": "string", "minLength": 1,
                  "description": "The revision from your last read of this file."},
                "edits": {"type": "array", "minItems": 1, "maxItems": 100,
                  "description": "Replacements, each matched against the original file (not against the result of another edit).",
                  "items": {
                    "type": "object",
                    "properties": {
                      "oldText": {"type": "string", "minLength": 1,
                        "description": "Text that occurs exactly once in the file; line ends may be LF even in a CRLF file."},
                      "newText": {"type": "string", "description": "Its replacement (may be empty)."}
                    },
                    "required": ["oldText", "newText"],
                    "additionalProperties": false
                  }}
              },
              "required": ["workspace_id", "request_key", "path", "expected_revision", "edits"],
              "additionalProperties": false
            }""".formatted(RequestKeyRule.SCHEMA_KEYWORDS);

    private static final ToolDescriptor DESCRIPTOR = ToolDescriptor.builder(NAME)
            .title("Edit a file")
            .description(
                    "Replaces exact text in a file that is still at expected_revision (else REVISION_CONFLICT). Every"
                            + " oldText must occur exactly once in the original file, and edits must not overlap; otherwise"
                            + " nothing changes and the failure names the edit. Keeps BOM, CRLF line ends and permission"
                            + " bits. FILE_READ_ONLY when the file is read-only (no owner write bit) or not writable by this"
                            + " account: it is left as it is. Returns the new revision and a unified diff in details.diff.")
            .inputSchema(SCHEMA)
            .annotations(ToolAnnotations.writes().destructive())
            .build();

    private final EditFile edit;

    @Inject
    EditFileTool(EditFile edit) {
        this.edit = edit;
    }

    @Override
    public ToolDescriptor descriptor() {
        return DESCRIPTOR;
    }

    @Override
    public ToolResult call(ToolCall call) {
        List<TextEdit> edits = call.args().objects("edits").stream()
                .map(item -> new TextEdit(item.text("oldText"), item.text("newText")))
                .toList();
        return Results.of(() -> edit.edit(call.arguments(), edits));
    }
}
