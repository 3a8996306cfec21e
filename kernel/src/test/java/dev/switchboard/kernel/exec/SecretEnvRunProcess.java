package dev.switchboard.kernel.exec;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.switchboard.ports.call.Cancellation;
import dev.switchboard.ports.exec.ProcessOutcome;
import dev.switchboard.ports.exec.ProcessSpec;

/**
 * A separate "server" for {@link SecretVariablesStrippedTest}, started with the environment under test: declares the
 * comma-separated names of argument 1 as secrets, runs {@code env} through the default executor with an inherited
 * environment plus the {@code NAME=value} pairs of the further arguments, and prints the run's stdout.
 */
final class SecretEnvRunProcess {

    private SecretEnvRunProcess() {}

    public static void main(String[] args) {
        SecretVariableRegistry secrets = new SecretVariableRegistry();
        secrets.register(List.of(() -> Set.of(args[0].split(","))));
        Map<String, String> explicit = new LinkedHashMap<>();
        for (int i = 1; i < args.length; i++) {
            String[] pair = args[i].split("=", 2);
            explicit.put(pair[0], pair[1]);
        }
        ProcessOutcome outcome = new DefaultProcessExecutor(secrets)
                .run(
                        new ProcessSpec(
                                List.of("env"), Path.of("."), explicit, true, Duration.ofSeconds(30), 1 << 20, null),
                        Cancellation.NONE);
        System.out.print(outcome.stdout());
        System.out.flush();
    }
}
