package dev.switchboard.hooks;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;

import dev.switchboard.kernel.cli.Console;

/**
 * The build's training run of the hooks' AOT cache ({@code distribution/src/build/train-aot.sh}; the launcher runs it
 * instead of {@link HookMain} only while the build records that cache): one JVM that answers the same command line
 * through {@link HookMain}, first in local mode (asking the shared server the build started for the training store, if
 * it runs, then on the direct path), then in remote mode with {@code AI_AGENT_CHANNEL_URL} and
 * {@code AI_AGENT_CHANNEL_TOKEN_FILE} taken from {@value #URL} and {@value #TOKEN_FILE}, so that the one cache holds
 * the classes of both paths (a cache records a single process). Standard input is read once and given to both runs.
 * Without {@value #URL}, only the local run. Exits with the first non-zero status, else 0.
 */
public final class HookTraining {

    /** The hosted server's base URL for the remote run. */
    static final String URL = "SWITCHBOARD_AOT_TRAINING_URL";

    /** The role token's file for the remote run. */
    static final String TOKEN_FILE = "SWITCHBOARD_AOT_TRAINING_TOKEN_FILE";

    private HookTraining() {}

    /**
     * @param args the command line ({@code hook stop})
     * @throws IOException if standard input cannot be read
     */
    public static void main(String[] args) throws IOException {
        Console system = Console.system();
        byte[] input = system.in().readAllBytes();
        // a running shared server's answer (the socket path, ADR 41), when the build started one, then the direct path
        int status = HookMain.run(args, new Console(system.out(), system.err(), new ByteArrayInputStream(input)));
        if (status == 0) {
            status = HookMain.run(
                    args,
                    new Console(system.out(), system.err(), new ByteArrayInputStream(input)),
                    System.getenv(),
                    false);
        }
        String url = System.getenv(URL);
        if (status == 0 && url != null) {
            Map<String, String> remote = new HashMap<>(System.getenv());
            remote.put("AI_AGENT_CHANNEL_URL", url);
            String tokenFile = System.getenv(TOKEN_FILE);
            if (tokenFile != null) {
                remote.put("AI_AGENT_CHANNEL_TOKEN_FILE", tokenFile);
            }
            status = HookMain.run(
                    args, new Console(system.out(), system.err(), new ByteArrayInputStream(input)), remote, false);
        }
        System.exit(status);
    }
}
