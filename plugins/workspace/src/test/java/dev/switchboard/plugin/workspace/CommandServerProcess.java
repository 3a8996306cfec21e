package dev.switchboard.plugin.workspace;

import static dev.switchboard.plugin.workspace.WorkspaceHarness.args;

import java.nio.file.Path;

/**
 * A separate server for {@link OrphanedCommandTest}: the workspace plugin on state directory argument 1, a workspace
 * on argument 2, running the bash command argument 3 under request key {@code orphan-1}, then waiting to be killed.
 */
final class CommandServerProcess {

    private CommandServerProcess() {}

    public static void main(String[] args) throws Exception {
        WorkspaceHarness harness = new WorkspaceHarness(Path.of(args[0]), Path.of(args[1]));
        String id = harness.open(Path.of(args[1]));
        harness.call("bash", args("workspace_id", id, "request_key", "orphan-1", "command", args[2], "timeout", 600));
        Thread.sleep(Long.MAX_VALUE);
    }
}
