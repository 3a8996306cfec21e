package dev.switchboard.plugin.workspace;

import static dev.switchboard.plugin.workspace.WorkspaceHarness.args;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.plugin.workspace.adapter.in.summary.WorkspaceStateSummary;
import dev.switchboard.plugin.workspace.application.port.out.ActivitySignal;
import dev.switchboard.ports.signal.ChangeSignals;
import dev.switchboard.ports.signal.SignalSubscription;
import dev.switchboard.ports.summary.ActionResult;
import dev.switchboard.ports.summary.BoardCell;
import dev.switchboard.ports.summary.BoardSection;
import dev.switchboard.ports.tool.ToolResult;

/**
 * What the owner's board reads of the workspace through {@code ports.summary} (ADR 67): open workspaces,
 * running and recent commands with status, duration and exit code, the abort action of a running command, and the
 * change signal that makes the board live.
 */
class BoardStateTest {

    @TempDir
    Path state;

    @TempDir
    Path home;

    private WorkspaceHarness harness;
    private WorkspaceStateSummary summary;
    private Path cwd;
    private String id;
    private int keys;

    @BeforeEach
    void start() throws Exception {
        harness = new WorkspaceHarness(state, home);
        summary = harness.injector().getInstance(WorkspaceStateSummary.class);
        cwd = Files.createDirectory(home.resolve("cwd"));
        id = harness.open(cwd);
    }

    @AfterEach
    void stop() {
        harness.close();
    }

    private ToolResult bash(String command) {
        return harness.call("bash", args("workspace_id", id, "request_key", "k" + keys++, "command", command));
    }

    private List<List<BoardCell>> commands() {
        return summary.sections(50).get(1).rows();
    }

    private static String text(BoardCell cell) {
        return cell instanceof BoardCell.Text text ? text.text() : cell.toString();
    }

    @Test
    void openWorkspacesAreListedWithTheirDirectoryAndCallsInProgress() throws Exception {
        BoardSection open = summary.sections(50).getFirst();

        assertThat(open.title()).isEqualTo("Open workspaces");
        assertThat(open.rows()).hasSize(1);
        assertThat(text(open.rows().getFirst().get(0))).isEqualTo(id);
        assertThat(text(open.rows().getFirst().get(1)))
                .isEqualTo(cwd.toRealPath().toString());
        assertThat(open.rows().getFirst().get(2)).isInstanceOf(BoardCell.Time.class);
        assertThat(text(open.rows().getFirst().get(3))).isEqualTo("0");
    }

    @Test
    void endedCommandsShowTheirStatusDurationAndExitCodeNewestFirstWithoutAnAbort() {
        bash("true");
        bash("echo '<script>alert(1)</script>'; exit 7");

        List<List<BoardCell>> rows = commands();
        assertThat(rows).hasSize(2);
        List<BoardCell> failed = rows.get(0);
        assertThat(text(failed.get(0))).isEqualTo(id);
        assertThat(text(failed.get(1))).isEqualTo("echo '<script>alert(1)</script>'; exit 7");
        assertThat(text(failed.get(2))).isEqualTo("failed");
        assertThat(failed.get(3)).isInstanceOf(BoardCell.Time.class);
        assertThat(text(failed.get(4))).matches("\\d+ ms");
        assertThat(text(failed.get(5))).isEqualTo("7");
        assertThat(text(failed.get(6))).isEmpty();
        assertThat(text(rows.get(1).get(2))).isEqualTo("completed");
        assertThat(text(rows.get(1).get(5))).isEqualTo("0");
    }

    @Test
    void theOwnersAbortKillsARunningCommandWhichThenShowsAsAborted() throws Exception {
        ChangeSignals signals = harness.injector().getInstance(ChangeSignals.class);
        try (SignalSubscription changes = signals.subscribe(ActivitySignal.TOPIC)) {
            CompletableFuture<ToolResult> running = CompletableFuture.supplyAsync(() -> bash("sleep 60"));
            assertThat(changes.await(Duration.ofSeconds(10)))
                    .as("a command's start is signalled")
                    .isTrue();
            List<BoardCell> row = commands().getFirst();
            assertThat(text(row.get(2))).isEqualTo("running");
            assertThat(text(row.get(4))).isEmpty();
            BoardCell.Action abort = (BoardCell.Action) row.get(6);
            assertThat(abort.action()).isEqualTo(WorkspaceStateSummary.ABORT);
            assertThat(abort.label()).isEqualTo("Abort");

            assertThat(summary.perform("mailbox.something", abort.target())).isEqualTo(ActionResult.UNKNOWN);
            assertThat(summary.perform(WorkspaceStateSummary.ABORT, abort.target()))
                    .isEqualTo(ActionResult.DONE);

            ToolResult result = running.get(20, TimeUnit.SECONDS);
            assertThat(result).isInstanceOf(ToolResult.Failure.class);
            assertThat(((ToolResult.Failure) result).code().value()).isEqualTo("COMMAND_CANCELLED");
            List<BoardCell> ended = commands().getFirst();
            assertThat(text(ended.get(2))).isEqualTo("aborted");
            assertThat(text(ended.get(5))).isEmpty();
            assertThat(text(ended.get(6))).isEmpty();
            assertThat(summary.perform(WorkspaceStateSummary.ABORT, abort.target()))
                    .as("an ended command's abort finds nothing")
                    .isEqualTo(ActionResult.GONE);
        }
    }

    @Test
    void aReplayedRequestKeyAddsNoCommand() {
        var arguments = args("workspace_id", id, "request_key", "same", "command", "true");
        harness.call("bash", arguments);
        harness.call("bash", arguments);

        assertThat(commands()).hasSize(1);
    }
}
