package dev.switchboard.plugin.workspace.adapter.in.tool;

import jakarta.inject.Inject;

import dev.switchboard.plugin.workspace.application.RunCommand;
import dev.switchboard.ports.tool.RequestKeyRule;
import dev.switchboard.ports.tool.Tool;
import dev.switchboard.ports.tool.ToolAnnotations;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolDescriptor;
import dev.switchboard.ports.tool.ToolResult;

/** {@code bash}: runs a shell command in the workspace, once per request key. */
public final class RunCommandTool implements Tool {

    static final String NAME = "bash";

    private static final String SCHEMA = """
            {
              "type": "object",
              "properties": {
                "workspace_id": {"type": "string", "minLength": 1, "description": "From workspace_open."},
                "request_key": {"type": "string", %s,
                  "description": "A new key for each new command; a retry with the same key and arguments returns the first outcome and never runs the command twice."},
                "command": {"type": "string", "minLength": 1, "maxLength": 200000,
                  "description": "Run with bash -c in the workspace's directory; stdin is closed, and cd affects only this command."},
                "timeout": {"type": "number", "minimum": 1, "maximum": 3600,
                  "description": "Seconds before the command and all its child processes are killed (default 120)."}
              },
              "required": ["workspace_id", "request_key", "command"],
              "additionalProperties": false
            }""".formatted(RequestKeyRule.SCHEMA_KEYWORDS);

    private static final ToolDescriptor DESCRIPTOR = ToolDescriptor.builder(NAME)
            .title("Run a command")
            .description(
                    "Runs a bash command in the workspace's directory with the account's full access (stdin closed) and"
                            + " returns its combined output, exit_code and elapsed_ms. Long output shows its last lines,"
                            + " with details.truncation.truncated and details.fullOutputPath naming a file with all of it."
                            + " A non-zero exit is an error carrying the exit code. On timeout (COMMAND_TIMEOUT),"
                            + " cancellation, workspace_close or server shutdown (COMMAND_CANCELLED) the whole process tree"
                            + " is killed; effects may have occurred. Not confined: even when the file tools are confined to"
                            + " root directories, a command reaches whatever the account can.")
            .inputSchema(SCHEMA)
            .annotations(ToolAnnotations.writes().destructive().openWorld())
            .build();

    private final RunCommand run;

    @Inject
    RunCommandTool(RunCommand run) {
        this.run = run;
    }

    @Override
    public ToolDescriptor descriptor() {
        return DESCRIPTOR;
    }

    @Override
    public ToolResult call(ToolCall call) {
        return Results.of(() -> run.run(call.arguments(), call.cancellation(), call.principal()));
    }
}
