package dev.switchboard.plugin.workspace;

import static dev.switchboard.plugin.workspace.WorkspaceHarness.args;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ValueSource;

import dev.switchboard.ports.tool.ToolResult;

@ParameterizedClass(name = "on {0}")
@ValueSource(strings = {ReceiptDatabase.SQLITE, ReceiptDatabase.POSTGRES})
class BashTest {

    @Parameter
    String backend;

    @TempDir
    Path state;

    @TempDir
    Path home;

    private WorkspaceHarness harness;
    private ReceiptDatabase database;
    private Path cwd;
    private String id;
    private int keys;

    @BeforeEach
    void start() throws Exception {
        database = ReceiptDatabase.of(backend, state);
        harness = new WorkspaceHarness(database, home);
        cwd = Files.createDirectory(home.resolve("cwd"));
        id = harness.open(cwd);
    }

    @AfterEach
    void stop() {
        harness.close();
        database.drop();
    }

    private Map<String, Object> bash(String command) {
        return args("workspace_id", id, "request_key", "k" + keys++, "command", command);
    }

    private static Map<String, Object> with(Map<String, Object> base, String key, Object value) {
        base.put(key, value);
        return base;
    }

    @Test
    @DisplayName("54: cd inside a command does not change the next command's directory")
    void cdDoesNotPersist() throws Exception {
        assertThat(harness.ok("bash", bash("cd .. && pwd")).get("output"))
                .isEqualTo(home.toRealPath().toString());
        assertThat(harness.ok("bash", bash("pwd")).get("output"))
                .isEqualTo(cwd.toRealPath().toString());
    }

    @Test
    @DisplayName("55: a non-zero exit is an error with the exit code and the output")
    void nonZeroExitIsAnErrorWithTheExitCode() {
        ToolResult.Failure failure = harness.refused("bash", bash("printf error >&2; exit 7"), "COMMAND_FAILED");

        assertThat(failure.details()).containsEntry("exit_code", 7);
        assertThat(failure.message()).contains("error").contains("code 7");
        assertThat((String) failure.details().get("output")).contains("error");
    }

    @Test
    @DisplayName("56: long output is truncated and the full output file, outside the state directory, holds all of it")
    void longOutputIsTruncatedWithTheFullOutputKeptOutsideTheStateDirectory() throws Exception {
        Map<String, Object> result = harness.ok("bash", bash("seq 1 10000"));

        @SuppressWarnings("unchecked")
        Map<String, Object> details = (Map<String, Object>) result.get("details");
        assertThat(details.get("truncation"))
                .asInstanceOf(org.assertj.core.api.InstanceOfAssertFactories.MAP)
                .containsEntry("truncated", true);
        String full = (String) details.get("fullOutputPath");
        assertThat((String) result.get("output")).contains(full).contains("10000");
        assertThat(harness.ok("read", args("workspace_id", id, "path", full, "limit", 2))
                        .get("output"))
                .asString()
                .startsWith("1\n2\n");
        assertThat(Path.of(full).startsWith(state) || Path.of(full).startsWith(state.toRealPath()))
                .as(full)
                .isFalse();
        assertThat(result.toString()).doesNotContain(state.toString());
        assertThat(Files.getPosixFilePermissions(Path.of(full).getParent()))
                .isEqualTo(PosixFilePermissions.fromString("rwx------"));
        assertThat(Files.getPosixFilePermissions(Path.of(full).getParent().getParent()))
                .as("the per-user directory in the shared temporary directory")
                .isEqualTo(PosixFilePermissions.fromString("rwx------"));
        Files.delete(Path.of(full));
    }

    @Test
    @DisplayName("a stopped server whose runs left no full output file leaves no command output directory behind")
    void stoppingRemovesTheEmptyCommandOutputDirectory() throws Exception {
        @SuppressWarnings("unchecked")
        Map<String, Object> details =
                (Map<String, Object>) harness.ok("bash", bash("seq 1 10000")).get("details");
        Path full = Path.of((String) details.get("fullOutputPath"));
        harness.ok("bash", bash("echo fits"));
        Files.delete(full);

        harness.lifecycle().stop();

        assertThat(full.getParent()).doesNotExist();
    }

    @Test
    @DisplayName("a command output directory that others may enter is refused before the command runs")
    void aCommandOutputDirectoryOpenToOthersIsRefusedBeforeTheCommandRuns() throws Exception {
        Path outputs = Files.createDirectory(
                home.resolve("outputs"),
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        Files.setPosixFilePermissions(outputs, PosixFilePermissions.fromString("rwxrwxrwx"));
        harness.close();
        harness = new WorkspaceHarness(state, home, Map.of("command-output-dir", outputs.toString()));
        id = harness.open(cwd);

        ToolResult.Failure refused = harness.refused("bash", bash("touch ran"), "COMMAND_FAILED");

        assertThat(refused.message()).contains(outputs.toString(), "open to others");
        assertThat(refused.details()).containsEntry("effects_may_have_occurred", false);
        assertThat(cwd.resolve("ran")).doesNotExist();
    }

    @Test
    @DisplayName("a command output directory that is a symbolic link is refused")
    void aCommandOutputDirectoryThatIsALinkIsRefused() throws Exception {
        Path target = Files.createDirectory(home.resolve("elsewhere"));
        Path link = Files.createSymbolicLink(home.resolve("outputs"), target);
        harness.close();
        harness = new WorkspaceHarness(state, home, Map.of("command-output-dir", link.toString()));
        id = harness.open(cwd);

        ToolResult.Failure refused = harness.refused("bash", bash("seq 1 10000"), "COMMAND_FAILED");

        assertThat(refused.message()).contains("symbolic link");
        assertThat(target).isEmptyDirectory();
    }

    @Test
    @DisplayName("57/58: a timeout below 1 or above 3600 seconds is INVALID_ARGUMENTS")
    void refusesTimeoutsOutOfRange() {
        harness.refused("bash", with(bash("true"), "timeout", 0.1), "INVALID_ARGUMENTS");
        harness.refused("bash", with(bash("true"), "timeout", 3601), "INVALID_ARGUMENTS");
    }

    @Test
    @DisplayName("57: a command past its timeout is COMMAND_TIMEOUT, and no child is left running")
    void timeoutKillsTheWholeTree() {
        String marker = "97.3" + System.nanoTime() % 1000;
        ToolResult.Failure failure = harness.refused(
                "bash",
                with(bash("sh -c 'sleep " + marker + " & sleep " + marker + "; wait'"), "timeout", 1),
                "COMMAND_TIMEOUT");

        assertThat(failure.message()).contains("timed out after 1 seconds");
        assertThat(failure.details()).containsEntry("effects_may_have_occurred", true);
        assertThat(ProcessHandle.allProcesses()
                        .filter(p -> p.info().commandLine().orElse("").contains(marker))
                        .filter(ProcessHandle::isAlive)
                        .toList())
                .isEmpty();
    }

    @Test
    @DisplayName("76: the server's working directory is unchanged after commands that cd")
    void theServerWorkingDirectoryNeverChanges() {
        String before = Path.of("").toAbsolutePath().toString();

        harness.ok("bash", bash("cd / && pwd"));
        harness.ok("ls", args("workspace_id", id, "path", ".."));
        harness.ok(
                "write",
                args(
                        "workspace_id",
                        id,
                        "request_key",
                        "w",
                        "path",
                        "../x.txt",
                        "content",
                        "x",
                        "expected_revision",
                        "missing"));

        assertThat(Path.of("").toAbsolutePath().toString()).isEqualTo(before);
        assertThat(System.getProperty("user.dir")).isEqualTo(before);
    }

    @Test
    @DisplayName("59: cat returns at once because stdin is closed")
    void stdinIsClosed() {
        assertThat(harness.ok("bash", bash("cat; echo done")).get("output")).isEqualTo("done");
    }

    @Test
    @DisplayName("51: two concurrent calls with one key and the same arguments run the command once")
    void concurrentCallsWithOneKeyRunOnce() throws Exception {
        Map<String, Object> call =
                args("workspace_id", id, "request_key", "once", "command", "sleep 0.3; printf x >> ../counter");
        try (var pool = Executors.newVirtualThreadPerTaskExecutor()) {
            Future<Map<String, Object>> first = pool.submit(() -> harness.ok("bash", call));
            Future<Map<String, Object>> second = pool.submit(() -> harness.ok("bash", call));

            assertThat(List.of(first.get(), second.get()))
                    .allSatisfy(r -> assertThat(r).containsEntry("exit_code", 0));
        }
        assertThat(home.resolve("counter")).hasContent("x");
    }

    @Test
    @DisplayName("52: the same key with a different command is REQUEST_KEY_CONFLICT and the command is not run")
    void theSameKeyWithAnotherCommandIsRefusedAndNotRun() {
        harness.ok("bash", args("workspace_id", id, "request_key", "k", "command", "true"));

        harness.refused(
                "bash", args("workspace_id", id, "request_key", "k", "command", "touch ran"), "REQUEST_KEY_CONFLICT");

        assertThat(cwd.resolve("ran")).doesNotExist();
    }

    @Test
    @DisplayName("60: cancelling a running command kills it; a retry with the key is COMMAND_CANCELLED, not re-run")
    void cancellingACallKillsItsCommandAndTheRetryDoesNotRerun() throws Exception {
        Map<String, Object> call =
                args("workspace_id", id, "request_key", "c", "command", "touch started; sleep 30; touch late");
        ManualCancellation cancellation = new ManualCancellation();
        try (var pool = Executors.newVirtualThreadPerTaskExecutor()) {
            Future<ToolResult> running = pool.submit(() -> harness.call("bash", call, cancellation));
            while (!Files.exists(cwd.resolve("started"))) {
                Thread.sleep(20);
            }

            cancellation.raise();

            assertThat(((ToolResult.Failure) running.get()).code().value()).isEqualTo("COMMAND_CANCELLED");
        }
        Files.delete(cwd.resolve("started"));
        ToolResult.Failure retry = harness.refused("bash", call, "COMMAND_CANCELLED");
        assertThat(retry.details()).containsEntry("replayed", true);
        assertThat(cwd.resolve("started")).doesNotExist();
        assertThat(cwd.resolve("late")).doesNotExist();
    }

    @Test
    @DisplayName("61: workspace_close kills a running command (COMMAND_CANCELLED); other workspaces keep working")
    void closingAWorkspaceCancelsItsCommand() throws Exception {
        String other = harness.open(cwd);
        try (var pool = Executors.newVirtualThreadPerTaskExecutor()) {
            Future<ToolResult> running = pool.submit(() -> harness.call(
                    "bash",
                    args("workspace_id", id, "request_key", "long", "command", "touch started; sleep 30; touch late")));
            while (!Files.exists(cwd.resolve("started"))) {
                Thread.sleep(20);
            }

            harness.ok("workspace_close", Map.of("workspace_id", id));
            harness.ok("workspace_close", Map.of("workspace_id", id));

            ToolResult result = running.get();
            assertThat(result).isInstanceOf(ToolResult.Failure.class);
            assertThat(((ToolResult.Failure) result).code().value()).isEqualTo("COMMAND_CANCELLED");
        }
        assertThat(harness.ok("bash", args("workspace_id", other, "request_key", "k", "command", "echo ok"))
                        .get("output"))
                .isEqualTo("ok");
        harness.refused(
                "bash",
                args("workspace_id", id, "request_key", "long", "command", "touch started; sleep 30; touch late"),
                "COMMAND_CANCELLED");
        assertThat(cwd.resolve("late")).doesNotExist();
    }
}
