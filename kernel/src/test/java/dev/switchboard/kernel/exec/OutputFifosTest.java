package dev.switchboard.kernel.exec;

import static dev.switchboard.kernel.exec.Specs.spec;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.ports.call.Cancellation;
import dev.switchboard.ports.exec.ProcessOutcome;
import dev.switchboard.ports.exec.ProcessOutcome.Termination;

/** Output read through named pipes that the JDK does not close when the process exits. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class OutputFifosTest {

    @TempDir
    Path dir;

    @Test
    void namedPipesAreAvailableOnLinuxWithJava22OrNewer() {
        // Guards the fallback: on this build's runtime the race-free path must be the one tested.
        if (System.getProperty("os.name").equals("Linux") && Runtime.version().feature() >= 22) {
            assertThat(Fifos.get()).isNotNull();
        }
    }

    @Test
    void outputOfABackgroundChildAfterItsShellExitedAtOnceIsKeptEveryTime() {
        DefaultProcessExecutor executor = new DefaultProcessExecutor();
        // The shell writes its line, starts the child and exits at once; the child writes later into the pipe it
        // inherited. With the JDK's own pipes the JDK could close that pipe at the shell's exit, depending on timing,
        // and the late line was lost. (The shell writes first, so the order holds however loaded the host is.)
        for (int round = 0; round < 15; round++) {
            ProcessOutcome outcome = executor.run(
                    spec(dir, "sh", "-c", "echo early; (sleep 0.05; echo late; echo late-err >&2) &"),
                    Cancellation.NONE);

            assertThat(outcome.termination()).as("round %d", round).isEqualTo(Termination.EXITED);
            assertThat(outcome.stdout()).as("round %d", round).isEqualTo("early\nlate\n");
            assertThat(outcome.stderr()).as("round %d", round).isEqualTo("late-err\n");
        }
    }

    @Test
    void aRunCalledFromVirtualThreadsIsCancelledAtOnceWhileItsStreamsWait() throws Exception {
        // With the pumps on virtual threads, two runs' blocked reads held every carrier of a 2-core host and a
        // caller on a virtual thread waited for the command to end before it could even watch for cancellation.
        DefaultProcessExecutor executor = new DefaultProcessExecutor();
        Specs.TestCancellation cancellation = new Specs.TestCancellation();
        int runs = Runtime.getRuntime().availableProcessors() + 1;
        try (var pool = java.util.concurrent.Executors.newVirtualThreadPerTaskExecutor()) {
            java.util.List<java.util.concurrent.Future<ProcessOutcome>> running = new java.util.ArrayList<>();
            for (int i = 0; i < runs; i++) {
                Path started = dir.resolve("started-" + i);
                running.add(pool.submit(() ->
                        executor.run(spec(dir, "sh", "-c", "touch " + started + "; exec sleep 30.987"), cancellation)));
            }
            for (int i = 0; i < runs; i++) {
                while (!Files.exists(dir.resolve("started-" + i))) {
                    Thread.sleep(20);
                }
            }

            cancellation.cancel();

            for (var run : running) {
                ProcessOutcome outcome = run.get(20, TimeUnit.SECONDS);
                assertThat(outcome.termination()).isEqualTo(Termination.CANCELLED);
                assertThat(outcome.duration()).isLessThan(java.time.Duration.ofSeconds(20));
            }
        }
        assertThat(Specs.runningWithArgument("30.987")).isFalse();
    }

    @Test
    void whatAProcessWroteBeforeExitingIsReadAfterItsExitAndTheFifosAreDeleted() throws Exception {
        Fifos fifos = Fifos.get();
        if (fifos == null) {
            return; // the fallback path is covered by DefaultProcessExecutorTest
        }
        OutputFifos output = OutputFifos.create(fifos);
        Path folder = output.stdout().getParent();
        Process process = new ProcessBuilder("sh", "-c", "echo out; echo err >&2")
                .redirectOutput(output.stdout().toFile())
                .redirectError(output.stderr().toFile())
                .start();
        assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();

        InputStream[] streams = output.openForReading();
        try (InputStream out = streams[0];
                InputStream err = streams[1]) {
            assertThat(new String(out.readAllBytes(), StandardCharsets.UTF_8)).isEqualTo("out\n");
            assertThat(new String(err.readAllBytes(), StandardCharsets.UTF_8)).isEqualTo("err\n");
        }
        assertThat(Files.exists(folder)).isFalse();
    }

    @Test
    void aFailedStartLeavesNoFifoBehind() throws IOException {
        Fifos fifos = Fifos.get();
        if (fifos == null) {
            return;
        }
        OutputFifos output = OutputFifos.create(fifos);
        Path folder = output.stdout().getParent();
        assertThat(Files.getPosixFilePermissions(folder)).hasSize(3);

        output.close();

        assertThat(Files.exists(folder)).isFalse();
    }
}
