package dev.switchboard.plugin.workspace.adapter.in.tool;

import jakarta.inject.Inject;

import dev.switchboard.plugin.workspace.application.CloseWorkspace;
import dev.switchboard.ports.tool.Tool;
import dev.switchboard.ports.tool.ToolAnnotations;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolDescriptor;
import dev.switchboard.ports.tool.ToolResult;

/** {@code workspace_close}: closes a workspace, killing its running commands. */
public final class CloseWorkspaceTool implements Tool {

    static final String NAME = "workspace_close";

    private static final String SCHEMA = """
            {
              "type": "object",
              "properties": {
                "workspace_id": {"type": "string", "minLength": 1, "description": "The workspace to close."}
              },
              "required": ["workspace_id"],
              "additionalProperties": false
            }""";

    private static final ToolDescriptor DESCRIPTOR = ToolDescriptor.builder(NAME)
            .title("Close a workspace")
            .description(
                    "Closes a workspace: its running commands are killed and its id stops working (WORKSPACE_EXPIRED)."
                            + " Completed effects are not undone. Closing an unknown or already closed id is harmless and"
                            + " also returns closed: true.")
            .inputSchema(SCHEMA)
            .annotations(ToolAnnotations.writes().idempotent())
            .build();

    private final CloseWorkspace close;

    @Inject
    CloseWorkspaceTool(CloseWorkspace close) {
        this.close = close;
    }

    @Override
    public ToolDescriptor descriptor() {
        return DESCRIPTOR;
    }

    @Override
    public ToolResult call(ToolCall call) {
        return Results.of(() -> close.close(call.args().text("workspace_id")));
    }
}
