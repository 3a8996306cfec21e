package dev.switchboard.kernel.exec;

import static dev.switchboard.kernel.exec.Specs.GENEROUS;
import static dev.switchboard.kernel.exec.Specs.spec;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.ports.call.Cancellation;
import dev.switchboard.ports.exec.ProcessOutcome;
import dev.switchboard.ports.exec.ProcessOutcome.Termination;
import dev.switchboard.ports.exec.ProcessSpec;
import dev.switchboard.ports.exec.ProcessStartException;

@Timeout(value = 30, unit = TimeUnit.SECONDS)
class DefaultProcessExecutorTest {

    private final DefaultProcessExecutor executor = new DefaultProcessExecutor();

    @TempDir
    Path dir;

    @Test
    void capturesExitCodeStdoutAndStderrSeparately() {
        ProcessOutcome outcome =
                executor.run(spec(dir, "sh", "-c", "echo out; echo err >&2; exit 3"), Cancellation.NONE);

        assertThat(outcome.termination()).isEqualTo(Termination.EXITED);
        assertThat(outcome.exitCode()).isEqualTo(3);
        assertThat(outcome.stdout()).isEqualTo("out\n");
        assertThat(outcome.stderr()).isEqualTo("err\n");
        assertThat(outcome.stdoutTruncated()).isFalse();
        assertThat(outcome.stderrTruncated()).isFalse();
        assertThat(outcome.duration()).isPositive();
    }

    @Test
    void closesStandardInput() {
        ProcessOutcome outcome = executor.run(spec(dir, "cat"), Cancellation.NONE);

        assertThat(outcome.termination()).isEqualTo(Termination.EXITED);
        assertThat(outcome.exitCode()).isZero();
        assertThat(outcome.stdout()).isEmpty();
    }

    @Test
    void runsInTheWorkingDirectory() throws IOException {
        ProcessOutcome outcome = executor.run(spec(dir, "pwd"), Cancellation.NONE);

        assertThat(outcome.stdout()).isEqualTo(dir.toRealPath() + "\n");
    }

    @Test
    void startsFromAnEmptyEnvironmentWhenInheritanceIsOffAddingOnlyTheRunMarker() {
        ProcessSpec spec = new ProcessSpec(List.of("env"), dir, Map.of("SB_MARKER", "on"), false, GENEROUS, 4096, null);

        List<String> variables =
                executor.run(spec, Cancellation.NONE).stdout().lines().sorted().toList();

        assertThat(variables).hasSize(2).first().isEqualTo("SB_MARKER=on");
        assertThat(variables.get(1)).matches("SWITCHBOARD_RUN=[0-9]+-[0-9]+\\.[0-9a-f-]{36}");
    }

    @Test
    void addsVariablesToTheInheritedEnvironment() {
        ProcessSpec spec =
                new ProcessSpec(List.of("env"), dir, Map.of("SB_MARKER", "on"), true, GENEROUS, 1 << 20, null);

        assertThat(executor.run(spec, Cancellation.NONE).stdout())
                .contains("SB_MARKER=on\n")
                .contains("PATH=");
    }

    @Test
    void capsOutputInMemoryAndCopiesEverythingToTheOwnerOnlyFile() throws IOException {
        Path full = dir.resolve("full.log");
        ProcessSpec spec = new ProcessSpec(
                List.of("sh", "-c", "yes 0123456789 | head -c 100000; printf oops >&2"),
                dir,
                Map.of(),
                true,
                GENEROUS,
                1000,
                full);

        ProcessOutcome outcome = executor.run(spec, Cancellation.NONE);

        assertThat(outcome.exitCode()).isZero();
        assertThat(outcome.stdout()).hasSize(1000).startsWith("0123456789\n0123456789\n");
        assertThat(outcome.stdoutTruncated()).isTrue();
        assertThat(outcome.stderr()).isEqualTo("oops");
        assertThat(outcome.stderrTruncated()).isFalse();
        assertThat(Files.size(full)).isEqualTo(100_004);
        assertThat(Files.readString(full)).contains("oops");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(full)))
                .isEqualTo("rw-------");
    }

    @Test
    void dropsACharacterCutInHalfByTheCap() {
        ProcessSpec spec = new ProcessSpec(List.of("printf", "a\\303\\251b"), dir, Map.of(), true, GENEROUS, 2, null);

        ProcessOutcome outcome = executor.run(spec, Cancellation.NONE);

        assertThat(outcome.stdout()).isEqualTo("a");
        assertThat(outcome.stdoutTruncated()).isTrue();
    }

    @Test
    void decodesCompleteUtf8Output() {
        ProcessOutcome outcome = executor.run(spec(dir, "printf", "a\\303\\251b"), Cancellation.NONE);

        assertThat(outcome.stdout()).isEqualTo("aéb");
    }

    @Test
    void reportsAMissingProgram() {
        assertThatThrownBy(() -> executor.run(spec(dir, "no-such-program-sb"), Cancellation.NONE))
                .isInstanceOf(ProcessStartException.class)
                .hasMessageContaining("no-such-program-sb");
    }

    @Test
    void reportsAMissingWorkingDirectory() {
        Path missing = dir.resolve("missing");

        assertThatThrownBy(() -> executor.run(spec(missing, "true"), Cancellation.NONE))
                .isInstanceOf(ProcessStartException.class)
                .hasMessageContaining("working directory")
                .hasMessageContaining(missing.toString());
    }

    @Test
    void reportsAFullOutputFileThatCannotBeCreated() {
        ProcessSpec spec = new ProcessSpec(
                List.of("true"),
                dir,
                Map.of(),
                true,
                GENEROUS,
                10,
                dir.resolve("missing").resolve("full.log"));

        assertThatThrownBy(() -> executor.run(spec, Cancellation.NONE))
                .isInstanceOf(ProcessStartException.class)
                .hasMessageContaining("full output file");
    }

    @Test
    void startsNothingWhenAlreadyCancelled() {
        Specs.TestCancellation cancellation = new Specs.TestCancellation();
        cancellation.cancel();

        ProcessOutcome outcome = executor.run(spec(dir, "touch", "ran"), cancellation);

        assertThat(outcome.termination()).isEqualTo(Termination.CANCELLED);
        assertThat(outcome.exitCode()).isEqualTo(-1);
        assertThat(dir.resolve("ran")).doesNotExist();
    }
}
