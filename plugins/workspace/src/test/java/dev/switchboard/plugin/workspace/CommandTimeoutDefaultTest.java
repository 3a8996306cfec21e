package dev.switchboard.plugin.workspace;

import static dev.switchboard.plugin.workspace.WorkspaceHarness.args;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.kernel.exec.DefaultProcessExecutor;
import dev.switchboard.ports.exec.ProcessExecutor;
import dev.switchboard.ports.exec.ProcessSpec;

class CommandTimeoutDefaultTest {

    @TempDir
    Path state;

    @TempDir
    Path home;

    @Test
    @DisplayName("58: bash without a timeout runs under the 120 s default, with stdin closed, via bash -c in the cwd")
    void bashDefaultsToA120SecondTimeout() throws Exception {
        List<ProcessSpec> specs = new CopyOnWriteArrayList<>();
        DefaultProcessExecutor real = new DefaultProcessExecutor();
        ProcessExecutor recording = (spec, cancellation) -> {
            specs.add(spec);
            return real.run(spec, cancellation);
        };
        try (WorkspaceHarness harness = new WorkspaceHarness(state, home, recording)) {
            String id = harness.open(home);
            specs.clear();

            harness.ok("bash", args("workspace_id", id, "request_key", "k", "command", "true"));
            harness.ok("bash", args("workspace_id", id, "request_key", "k2", "command", "true", "timeout", 2.5));
        }

        assertThat(specs)
                .extracting(ProcessSpec::timeout)
                .containsExactly(Duration.ofSeconds(120), Duration.ofMillis(2500));
        assertThat(specs.getFirst().command()).containsExactly("bash", "-c", "true");
        assertThat(specs.getFirst().workingDirectory()).isEqualTo(home.toRealPath());
    }
}
