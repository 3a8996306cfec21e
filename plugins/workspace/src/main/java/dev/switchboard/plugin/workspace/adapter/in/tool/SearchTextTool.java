package dev.switchboard.plugin.workspace.adapter.in.tool;

import jakarta.inject.Inject;

import dev.switchboard.plugin.workspace.application.SearchText;
import dev.switchboard.ports.tool.Arguments;
import dev.switchboard.ports.tool.Tool;
import dev.switchboard.ports.tool.ToolAnnotations;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolDescriptor;
import dev.switchboard.ports.tool.ToolResult;

/** {@code grep}: lines matching a pattern in files. */
public final class SearchTextTool implements Tool {

    static final String NAME = "grep";

    private static final String SCHEMA = """
            {
              "type": "object",
              "properties": {
                "workspace_id": {"type": "string", "minLength": 1, "description": "From workspace_open."},
                "pattern": {"type": "string", "minLength": 1,
                  "description": "A regular expression (Java syntax), or the text itself with literal: true."},
                "path": {"type": "string", "minLength": 1,
                  "description": "A directory or file to search (default: the workspace's directory)."},
                "glob": {"type": "string", "minLength": 1,
                  "description": "Only files whose names match this glob, such as *.ts."},
                "ignoreCase": {"type": "boolean", "description": "Fold case (default false)."},
                "literal": {"type": "boolean", "description": "Treat the pattern as plain text (default false)."},
                "context": {"type": "integer", "minimum": 0, "maximum": 20,
                  "description": "Lines of context before and after each match (default 0)."},
                "limit": {"type": "integer", "minimum": 1, "maximum": 1000,
                  "description": "At most this many matches (default 100)."}
              },
              "required": ["workspace_id", "pattern"],
              "additionalProperties": false
            }""";

    private static final ToolDescriptor DESCRIPTOR = ToolDescriptor.builder(NAME)
            .title("Search file contents")
            .description(
                    "Searches files under a directory (or one file) for lines matching a regular expression or literal"
                            + " text, and returns them as file:line: text (context lines as file-line- text). Binary files,"
                            + " .git and, inside a Git work tree, files that .gitignore ignores are skipped, as ripgrep does."
                            + " Says when the limit cut the search.")
            .inputSchema(SCHEMA)
            .annotations(ToolAnnotations.readOnly())
            .build();

    private final SearchText search;

    @Inject
    SearchTextTool(SearchText search) {
        this.search = search;
    }

    @Override
    public ToolDescriptor descriptor() {
        return DESCRIPTOR;
    }

    @Override
    public ToolResult call(ToolCall call) {
        Arguments args = call.args();
        int context = args.optionalInt("context", 0, 20).orElse(0);
        SearchText.Query query = new SearchText.Query(
                args.text("pattern"),
                args.optionalText("path").orElse(null),
                args.optionalText("glob").orElse(null),
                args.flag("ignoreCase", false),
                args.flag("literal", false),
                context,
                args.optionalInt("limit", 1, 1000).orElse(null));
        return Results.of(() -> search.search(args.text("workspace_id"), query));
    }
}
