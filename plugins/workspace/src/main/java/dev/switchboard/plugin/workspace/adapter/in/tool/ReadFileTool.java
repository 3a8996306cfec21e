package dev.switchboard.plugin.workspace.adapter.in.tool;

import jakarta.inject.Inject;

import dev.switchboard.plugin.workspace.application.ReadFile;
import dev.switchboard.ports.tool.Arguments;
import dev.switchboard.ports.tool.Tool;
import dev.switchboard.ports.tool.ToolAnnotations;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolDescriptor;
import dev.switchboard.ports.tool.ToolResult;

/** {@code read}: a text file's lines and its revision. */
public final class ReadFileTool implements Tool {

    static final String NAME = "read";

    private static final String SCHEMA = """
            {
              "type": "object",
              "properties": {
                "workspace_id": {"type": "string", "minLength": 1, "description": "From workspace_open."},
                "path": {"type": "string", "minLength": 1,
                  "description": "The file: relative to the workspace's directory, absolute, or ~/path."},
                "offset": {"type": "integer", "minimum": 1, "description": "The first line to show (1-based)."},
                "limit": {"type": "integer", "minimum": 1, "maximum": 2000,
                  "description": "How many lines to show (default 2000)."}
              },
              "required": ["workspace_id", "path"],
              "additionalProperties": false
            }""";

    private static final ToolDescriptor DESCRIPTOR = ToolDescriptor.builder(NAME)
            .title("Read a file")
            .description(
                    "Reads a text file and returns its lines (with a hint such as offset=2001 when more remain) and"
                            + " structuredContent.revision, sha256:<hex> of the whole file, to pass as expected_revision to"
                            + " write or edit. Regular files only (UNSUPPORTED_FILE for a directory, FIFO or device), at"
                            + " most 32 MiB (FILE_TOO_LARGE).")
            .inputSchema(SCHEMA)
            .annotations(ToolAnnotations.readOnly())
            .build();

    private final ReadFile read;

    @Inject
    ReadFileTool(ReadFile read) {
        this.read = read;
    }

    @Override
    public ToolDescriptor descriptor() {
        return DESCRIPTOR;
    }

    @Override
    public ToolResult call(ToolCall call) {
        Arguments args = call.args();
        Integer offset = args.optionalInt("offset", 1, Integer.MAX_VALUE).orElse(null);
        Integer limit = args.optionalInt("limit", 1, 2000).orElse(null);
        return Results.of(() -> read.read(args.text("workspace_id"), args.text("path"), offset, limit));
    }
}
