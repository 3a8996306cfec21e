package dev.switchboard.kernel.exec;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import dev.switchboard.ports.call.Cancellation;
import dev.switchboard.ports.exec.ProcessOutcome;
import dev.switchboard.ports.exec.ProcessSpec;

/**
 * A separate "server" for {@link OrphanedRunsTest}: runs {@code sleep 300.<argument 2>} (so the JVM's own arguments never look like the sleep's) through the default executor with
 * label argument 1 and a 60 s timeout, and prints how the run ended.
 */
final class LabelledRunProcess {

    private LabelledRunProcess() {}

    public static void main(String[] args) {
        ProcessOutcome outcome = new DefaultProcessExecutor()
                .run(
                        new ProcessSpec(
                                List.of("sh", "-c", "sleep 300." + args[1] + "; echo finished"),
                                Path.of("."),
                                Map.of(),
                                true,
                                Duration.ofSeconds(60),
                                1024,
                                null,
                                args[0]),
                        Cancellation.NONE);
        System.out.println(outcome.termination());
        System.out.flush();
    }
}
