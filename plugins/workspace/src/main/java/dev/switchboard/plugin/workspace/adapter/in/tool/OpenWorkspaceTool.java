package dev.switchboard.plugin.workspace.adapter.in.tool;

import jakarta.inject.Inject;

import dev.switchboard.plugin.workspace.application.OpenWorkspace;
import dev.switchboard.ports.tool.Tool;
import dev.switchboard.ports.tool.ToolAnnotations;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolDescriptor;
import dev.switchboard.ports.tool.ToolResult;

/** {@code workspace_open}: opens a directory as a workspace and describes it. */
public final class OpenWorkspaceTool implements Tool {

    static final String NAME = "workspace_open";

    private static final String SCHEMA = """
            {
              "type": "object",
              "properties": {
                "cwd": {"type": "string", "minLength": 1,
                  "description": "The directory to work in: absolute, ~, ~/path, or relative to the home directory. Omit for the home directory."}
              },
              "additionalProperties": false
            }""";

    private static final ToolDescriptor DESCRIPTOR = ToolDescriptor.builder(NAME)
            .title("Open a workspace")
            .description(
                    "Opens a directory on the owner's computer and returns a workspace_id for read, ls, write, edit and"
                            + " bash, plus the account, host, Git state and the project instructions (AGENTS.md, CLAUDE.md,"
                            + " CONTEXT.md from the directory upwards), which are shown, never executed. Commands run with"
                            + " the account's full access. At most 64 workspaces stay open; the least recently used idle"
                            + " one is closed to make room (WORKSPACE_LIMIT when all are busy). A cwd that is not a"
                            + " directory gives INVALID_WORKSPACE. When the operator confined the file tools to root"
                            + " directories (access.confined, access.roots), a cwd or path outside them gives INVALID_PATH;"
                            + " bash is never confined beyond starting in the cwd.")
            .inputSchema(SCHEMA)
            .annotations(ToolAnnotations.readOnly().notIdempotent())
            .build();

    private final OpenWorkspace open;

    @Inject
    OpenWorkspaceTool(OpenWorkspace open) {
        this.open = open;
    }

    @Override
    public ToolDescriptor descriptor() {
        return DESCRIPTOR;
    }

    @Override
    public ToolResult call(ToolCall call) {
        return Results.of(() -> open.open(call.args().optionalText("cwd").orElse(null), call.principal()));
    }
}
