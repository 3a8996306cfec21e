package dev.switchboard.plugin.workspace;

import static dev.switchboard.plugin.workspace.WorkspaceHarness.args;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import dev.switchboard.ports.tool.ToolResult;

/**
 * A separate server for {@link CrossProcessEditTest}: the workspace plugin wired as the kernel wires it, on its own
 * state directory (argument 1) with its own database, a workspace open on argument 2. Prints {@code ready}, then for
 * each stdin line {@code <path> <expected revision> <new text>} runs one {@code edit} (oldText {@code base}) and
 * prints {@code OK} or the failure's code.
 */
final class EditRaceProcess {

    private EditRaceProcess() {}

    public static void main(String[] args) throws Exception {
        try (WorkspaceHarness harness = new WorkspaceHarness(Path.of(args[0]), Path.of(args[1]));
                BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
            String id = harness.open(Path.of(args[1]));
            System.out.println("ready");
            System.out.flush();
            int calls = 0;
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                String[] parts = line.split(" ", 3);
                ToolResult result = harness.call(
                        "edit",
                        args(
                                "workspace_id",
                                id,
                                "request_key",
                                "edit-" + calls++,
                                "path",
                                parts[0],
                                "expected_revision",
                                parts[1],
                                "edits",
                                List.of(Map.of("oldText", "base", "newText", parts[2]))));
                System.out.println(
                        result instanceof ToolResult.Failure failure
                                ? failure.code().value()
                                : "OK");
                System.out.flush();
            }
        }
    }
}
