package dev.switchboard.plugin.workspace.adapter.in.tool;

import jakarta.inject.Inject;

import dev.switchboard.plugin.workspace.application.FindFiles;
import dev.switchboard.ports.tool.Arguments;
import dev.switchboard.ports.tool.Tool;
import dev.switchboard.ports.tool.ToolAnnotations;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolDescriptor;
import dev.switchboard.ports.tool.ToolResult;

/** {@code find}: paths matching a glob. */
public final class FindFilesTool implements Tool {

    static final String NAME = "find";

    private static final String SCHEMA = """
            {
              "type": "object",
              "properties": {
                "workspace_id": {"type": "string", "minLength": 1, "description": "From workspace_open."},
                "pattern": {"type": "string", "minLength": 1,
                  "description": "A glob matched against file names, such as *.txt; a glob with / is matched against the path relative to the search directory, such as src/**/*.java."},
                "path": {"type": "string", "minLength": 1,
                  "description": "The directory to search (default: the workspace's directory). Keep it bounded so unrelated mounts are not scanned."},
                "limit": {"type": "integer", "minimum": 1, "maximum": 2000,
                  "description": "At most this many results (default 1000)."}
              },
              "required": ["workspace_id", "pattern"],
              "additionalProperties": false
            }""";

    private static final ToolDescriptor DESCRIPTOR = ToolDescriptor.builder(NAME)
            .title("Find files")
            .description(
                    "Finds files and directories whose names match a glob under a directory (hidden ones included; .git"
                            + " and, inside a Git work tree, what .gitignore ignores are skipped, as fd does) and lists their"
                            + " relative paths, sorted. Says when the limit cut the list. Search a bounded directory rather"
                            + " than / or the home directory.")
            .inputSchema(SCHEMA)
            .annotations(ToolAnnotations.readOnly())
            .build();

    private final FindFiles find;

    @Inject
    FindFilesTool(FindFiles find) {
        this.find = find;
    }

    @Override
    public ToolDescriptor descriptor() {
        return DESCRIPTOR;
    }

    @Override
    public ToolResult call(ToolCall call) {
        Arguments args = call.args();
        return Results.of(() -> find.find(
                args.text("workspace_id"),
                args.text("pattern"),
                args.optionalText("path").orElse(null),
                args.optionalInt("limit", 1, 2000).orElse(null)));
    }
}
