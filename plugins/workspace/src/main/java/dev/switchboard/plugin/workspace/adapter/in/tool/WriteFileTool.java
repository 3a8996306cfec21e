package dev.switchboard.plugin.workspace.adapter.in.tool;

import jakarta.inject.Inject;

import dev.switchboard.plugin.workspace.application.WriteFile;
import dev.switchboard.ports.tool.RequestKeyRule;
import dev.switchboard.ports.tool.Tool;
import dev.switchboard.ports.tool.ToolAnnotations;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolDescriptor;
import dev.switchboard.ports.tool.ToolResult;

/** {@code write}: creates or replaces a file, revision-checked, once per request key. */
public final class WriteFileTool implements Tool {

    static final String NAME = "write";

    private static final String SCHEMA = """
            {
              "type": "object",
              "properties": {
                "workspace_id": {"type": "string", "minLength": 1, "description": "From workspace_open."},
                "request_key": {"type": "string", %s,
                  "description": "A new key for each new operation; a retry with the same key and arguments returns the first outcome and never writes twice."},
                "path": {"type": "string", "minLength": 1,
                  "description": "The file: relative to the workspace's directory, absolute, or ~/path. Parent directories are created."},
                "content": {"type": "string", "maxLength": 2000000, "description": "The whole new content (may be empty)."},
                "expected_revision": {"type": "string", "minLength": 1,
                  "description": "The revision from your last read of this file, or \\"missing\\" to create a new file."}
              },
              "required": ["workspace_id", "request_key", "path", "content", "expected_revision"],
              "additionalProperties": false
            }""".formatted(RequestKeyRule.SCHEMA_KEYWORDS);

    private static final ToolDescriptor DESCRIPTOR = ToolDescriptor.builder(NAME)
            .title("Write a file")
            .description(
                    "Creates or replaces a whole file atomically, only if it is still at expected_revision (\"missing\" to"
                            + " create); otherwise REVISION_CONFLICT naming the current revision, and nothing is written."
                            + " Keeps the permission bits; follows symlinks (a dangling one gives INVALID_PATH). Returns the"
                            + " new revision. FILE_READ_ONLY when the file is read-only (no owner write bit) or not writable"
                            + " by this account: it is left as it is. FILE_BUSY when another call or server process holds"
                            + " the file for over 10 s."
                            + " Prefer edit for changes to part of a file.")
            .inputSchema(SCHEMA)
            .annotations(ToolAnnotations.writes().destructive())
            .build();

    private final WriteFile write;

    @Inject
    WriteFileTool(WriteFile write) {
        this.write = write;
    }

    @Override
    public ToolDescriptor descriptor() {
        return DESCRIPTOR;
    }

    @Override
    public ToolResult call(ToolCall call) {
        return Results.of(() -> write.write(call.arguments()));
    }
}
