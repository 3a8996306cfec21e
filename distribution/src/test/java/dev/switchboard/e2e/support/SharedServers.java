package dev.switchboard.e2e.support;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import dev.switchboard.testkit.distribution.Installation;

/**
 * The shared servers (ADR 32) an installation's attaching {@code serve} started: live {@code serve --shared}
 * processes whose working directory is the installation's state directory (the attach client starts them there).
 * Linux only. Stateless.
 */
public final class SharedServers {

    private SharedServers() {}

    /**
     * @param installation whose state directory to look for
     * @return the pids of its live shared servers, in no particular order
     */
    public static List<Long> of(Installation installation) {
        Path state = realPath(installation.stateDir());
        return ProcessHandle.allProcesses()
                .filter(process -> process.info()
                        .commandLine()
                        .map(line -> line.contains("serve --shared"))
                        .orElse(false))
                .filter(process -> realPath(Path.of("/proc", Long.toString(process.pid()), "cwd"))
                        .equals(state))
                .map(ProcessHandle::pid)
                .toList();
    }

    private static Path realPath(Path path) {
        try {
            return path.toRealPath();
        } catch (IOException e) {
            return Path.of("/nonexistent");
        }
    }
}
