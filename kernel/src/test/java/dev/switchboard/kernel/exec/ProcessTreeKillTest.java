package dev.switchboard.kernel.exec;

import static dev.switchboard.kernel.exec.Specs.runningWithArgument;
import static dev.switchboard.kernel.exec.Specs.spec;
import static dev.switchboard.kernel.exec.Specs.withTimeout;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.ports.call.Cancellation;
import dev.switchboard.ports.exec.ProcessOutcome;
import dev.switchboard.ports.exec.ProcessOutcome.Termination;

/** Timeouts and cancellation against real process trees whose grandchildren hold the output pipes. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class ProcessTreeKillTest {

    private final DefaultProcessExecutor executor = new DefaultProcessExecutor();

    @TempDir
    Path dir;

    @Test
    void timeoutKillsTheWholeTreeIncludingGrandchildrenHoldingThePipes() {
        String marker = "100.123";
        ProcessOutcome outcome = executor.run(
                withTimeout(
                        dir,
                        Duration.ofSeconds(1),
                        "sh",
                        "-c",
                        "sleep " + marker + " & sleep " + marker + " & echo started; wait"),
                Cancellation.NONE);

        assertThat(outcome.termination()).isEqualTo(Termination.TIMED_OUT);
        assertThat(outcome.exitCode()).isEqualTo(-1);
        assertThat(outcome.stdout()).isEqualTo("started\n");
        assertThat(outcome.duration()).isLessThan(Duration.ofSeconds(30));
        assertThat(runningWithArgument(marker)).isFalse();
    }

    @Test
    void forciblyKillsATreeThatIgnoresTermination() {
        String marker = "100.654";
        // An ignored signal stays ignored across fork and exec, so the sleeps ignore SIGTERM too.
        ProcessOutcome outcome = executor.run(
                withTimeout(
                        dir,
                        Duration.ofSeconds(1),
                        "sh",
                        "-c",
                        "trap '' TERM; sleep " + marker + " & sleep " + marker + "; wait"),
                Cancellation.NONE);

        assertThat(outcome.termination()).isEqualTo(Termination.TIMED_OUT);
        assertThat(outcome.exitCode()).isEqualTo(-1);
        assertThat(runningWithArgument(marker)).isFalse();
    }

    @Test
    void cancellationFromAnotherThreadKillsTheWholeTree() throws Exception {
        String marker = "100.456";
        Specs.TestCancellation cancellation = new Specs.TestCancellation();
        CompletableFuture<ProcessOutcome> run = CompletableFuture.supplyAsync(() -> executor.run(
                spec(dir, "sh", "-c", "sh -c 'sleep " + marker + " & wait' & sleep " + marker + "; wait"),
                cancellation));
        awaitRunning(marker, run);

        cancellation.cancel();
        ProcessOutcome outcome = run.get(30, TimeUnit.SECONDS);

        assertThat(outcome.termination()).isEqualTo(Termination.CANCELLED);
        assertThat(outcome.exitCode()).isEqualTo(-1);
        assertThat(runningWithArgument(marker)).isFalse();
    }

    @Test
    void killsAGrandchildThatOutlivesItsParentAndHoldsThePipes() {
        String marker = "100.789";
        ProcessOutcome outcome = executor.run(
                withTimeout(dir, Duration.ofSeconds(3), "sh", "-c", "sleep " + marker + " & sleep 1; echo parent done"),
                Cancellation.NONE);

        assertThat(outcome.termination()).isEqualTo(Termination.TIMED_OUT);
        assertThat(outcome.exitCode()).isEqualTo(-1);
        assertThat(outcome.stdout()).isEqualTo("parent done\n");
        assertThat(runningWithArgument(marker)).isFalse();
    }

    @Test
    void timeoutKillsABackgroundChildWhoseShellExitedBeforeItWasEverSeen() {
        String marker = "100.246";
        // The shell exits at once: the sleep is re-parented before any descendant scan, and holds stdout.
        ProcessOutcome outcome = executor.run(
                withTimeout(dir, Duration.ofSeconds(2), "sh", "-c", "sleep " + marker + " & echo started"),
                Cancellation.NONE);

        assertThat(outcome.termination()).isEqualTo(Termination.TIMED_OUT);
        assertThat(outcome.stdout()).isEqualTo("started\n");
        assertThat(runningWithArgument(marker)).isFalse();
    }

    @Test
    void doesNotWaitForADetachedGrandchildThatClosedThePipes() {
        // Short sleep: it is deliberately left running, and ends by itself soon after the test.
        ProcessOutcome outcome = executor.run(
                spec(dir, "sh", "-c", "sleep 3.321 >/dev/null 2>&1 & echo parent done"), Cancellation.NONE);

        assertThat(outcome.termination()).isEqualTo(Termination.EXITED);
        assertThat(outcome.exitCode()).isZero();
        assertThat(outcome.stdout()).isEqualTo("parent done\n");
    }

    /** Waits, at most 30 s, until the run's processes are seen; fails at once if the run ended before that. */
    private static void awaitRunning(String marker, CompletableFuture<ProcessOutcome> run) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!runningWithArgument(marker)) {
            if (run.isDone()) {
                throw new AssertionError("the run ended before its processes were seen: "
                        + run.handle((outcome, failure) -> failure != null ? failure.toString() : outcome.toString())
                                .join());
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("no process with the argument " + marker + " ran within 30 s");
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(20));
        }
    }
}
