package dev.switchboard.kernel.exec;

import static dev.switchboard.kernel.exec.Specs.runningWithArgument;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.ports.exec.OrphanedRun;
import dev.switchboard.ports.exec.ProcessOutcome;
import dev.switchboard.ports.exec.ProcessOutcome.Termination;
import dev.switchboard.ports.exec.ProcessSpec;

/**
 * Runs outlive neither a killed server (the next start reaps them) nor the server's parent (the runs in
 * progress are cancelled). Real server JVMs, real signals, real re-parented processes.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class OrphanedRunsTest {

    private final DefaultProcessExecutor executor = new DefaultProcessExecutor();

    @TempDir
    Path dir;

    @Test
    @DisplayName("a run of a SIGKILLed server keeps running until the next start reaps it by its label")
    void theRunsOfAKilledServerAreReapedByLabel() throws Exception {
        String suffix = uniqueSuffix();
        String marker = "300." + suffix;
        Process server = java(LabelledRunProcess.class.getName(), "test-reap:run-1", suffix)
                .start();
        try {
            awaitRunning(marker);
            server.toHandle().destroyForcibly();
            server.waitFor();
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(300));
            assertThat(runningWithArgument(marker))
                    .as("the run survives its server's SIGKILL")
                    .isTrue();

            assertThat(executor.reapOrphans("other-prefix:")).isEmpty();
            List<OrphanedRun> reaped = executor.reapOrphans("test-reap:");

            assertThat(reaped).singleElement().satisfies(run -> {
                assertThat(run.label()).isEqualTo("test-reap:run-1");
                assertThat(run.commands()).anyMatch(command -> command.contains("sleep " + marker));
            });
            assertThat(runningWithArgument(marker)).isFalse();
        } finally {
            server.destroyForcibly();
            killWithArgument(marker);
        }
    }

    @Test
    @DisplayName("a run of a server that is alive is never reaped, even with a matching label")
    void theRunsOfALiveServerAreLeftAlone() throws Exception {
        String marker = "300." + uniqueSuffix();
        Specs.TestCancellation cancellation = new Specs.TestCancellation();
        CompletableFuture<ProcessOutcome> run = CompletableFuture.supplyAsync(() -> executor.run(
                new ProcessSpec(
                        List.of("sleep", marker),
                        dir,
                        Map.of(),
                        true,
                        Duration.ofSeconds(60),
                        1024,
                        null,
                        "test-live:run-1"),
                cancellation));
        try {
            awaitRunning(marker);

            assertThat(executor.reapOrphans("test-live:")).isEmpty();
            assertThat(runningWithArgument(marker)).isTrue();
        } finally {
            cancellation.cancel();
        }
        assertThat(run.get(30, TimeUnit.SECONDS).termination()).isEqualTo(Termination.CANCELLED);
    }

    @Test
    @DisplayName("when the server's parent dies, its running commands are killed and answer CANCELLED")
    void theRunsInProgressAreCancelledWhenTheServersParentDies() throws Exception {
        String suffix = uniqueSuffix();
        String marker = "300." + suffix;
        // sh is the server's parent; killing it re-parents the server JVM, as when its client is killed.
        List<String> command = new ArrayList<>(List.of("sh", "-c", "\"$@\" & wait", "sh"));
        command.addAll(java(LabelledRunProcess.class.getName(), "test-parent:run-1", suffix)
                .command());
        // Its output goes to a file: the JDK closes a pipe from a process once that process (sh) has exited.
        Path outcome = dir.resolve("outcome.txt");
        Process parent = new ProcessBuilder(command)
                .redirectOutput(outcome.toFile())
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        try {
            awaitRunning(marker);

            parent.toHandle().destroyForcibly();
            parent.waitFor();

            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (Files.readString(outcome).isEmpty() && System.nanoTime() < deadline) {
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(50));
            }
            assertThat(Files.readString(outcome))
                    .as("the server's outcome after its parent died")
                    .isEqualTo("CANCELLED\n");
            assertThat(runningWithArgument(marker)).isFalse();
        } finally {
            parent.toHandle().descendants().forEach(ProcessHandle::destroyForcibly);
            killWithArgument("test-parent:run-1");
            killWithArgument(marker);
        }
    }

    /** A sleep argument no other run (of this test or an earlier one) uses. */
    private static String uniqueSuffix() {
        return Long.toString(ProcessHandle.current().pid()) + System.nanoTime() % 100_000;
    }

    private static void killWithArgument(String argument) {
        ProcessHandle.allProcesses()
                .filter(handle -> handle.info()
                        .arguments()
                        .map(arguments -> List.of(arguments).contains(argument))
                        .orElse(false))
                .forEach(ProcessHandle::destroyForcibly);
    }

    private static ProcessBuilder java(String mainClass, String... args) {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                mainClass));
        command.addAll(List.of(args));
        return new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD);
    }

    private static void awaitRunning(String marker) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!runningWithArgument(marker)) {
            assertThat(System.nanoTime()).as("sleep %s started", marker).isLessThan(deadline);
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(50));
        }
    }
}
