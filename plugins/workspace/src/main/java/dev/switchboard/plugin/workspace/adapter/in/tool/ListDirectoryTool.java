package dev.switchboard.plugin.workspace.adapter.in.tool;

import jakarta.inject.Inject;

import dev.switchboard.plugin.workspace.application.ListDirectory;
import dev.switchboard.ports.tool.Arguments;
import dev.switchboard.ports.tool.Tool;
import dev.switchboard.ports.tool.ToolAnnotations;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolDescriptor;
import dev.switchboard.ports.tool.ToolResult;

/** {@code ls}: a directory's entries. */
public final class ListDirectoryTool implements Tool {

    static final String NAME = "ls";

    private static final String SCHEMA = """
            {
              "type": "object",
              "properties": {
                "workspace_id": {"type": "string", "minLength": 1, "description": "From workspace_open."},
                "path": {"type": "string", "minLength": 1,
                  "description": "The directory (default: the workspace's directory)."},
                "limit": {"type": "integer", "minimum": 1, "maximum": 2000,
                  "description": "At most this many entries (default 500)."}
              },
              "required": ["workspace_id"],
              "additionalProperties": false
            }""";

    private static final ToolDescriptor DESCRIPTOR = ToolDescriptor.builder(NAME)
            .title("List a directory")
            .description(
                    "Lists a directory's entries sorted by name, dot files included, directories ending in /. Says when"
                            + " the limit cut the list.")
            .inputSchema(SCHEMA)
            .annotations(ToolAnnotations.readOnly())
            .build();

    private final ListDirectory list;

    @Inject
    ListDirectoryTool(ListDirectory list) {
        this.list = list;
    }

    @Override
    public ToolDescriptor descriptor() {
        return DESCRIPTOR;
    }

    @Override
    public ToolResult call(ToolCall call) {
        Arguments args = call.args();
        return Results.of(() -> list.list(
                args.text("workspace_id"),
                args.optionalText("path").orElse(null),
                args.optionalInt("limit", 1, 2000).orElse(null)));
    }
}
