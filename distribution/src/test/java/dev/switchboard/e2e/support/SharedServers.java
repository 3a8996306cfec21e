package dev.switchboard.e2e.support;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
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
                .filter(process -> commandLine(process.pid()).contains("serve --shared"))
                .filter(process -> realPath(Path.of("/proc", Long.toString(process.pid()), "cwd"))
                        .equals(state))
                .map(ProcessHandle::pid)
                .toList();
    }

    /**
     * The process's whole command line from {@code /proc/PID/cmdline}: {@code ProcessHandle.Info.commandLine()} is
     * empty for a line of 4,096 bytes or more, which a shared server's JVM options and class path reach under a long
     * temporary directory.
     */
    private static String commandLine(long pid) {
        try {
            return new String(
                            Files.readAllBytes(Path.of("/proc", Long.toString(pid), "cmdline")), StandardCharsets.UTF_8)
                    .replace('\0', ' ');
        } catch (IOException e) {
            return "";
        }
    }

    private static Path realPath(Path path) {
        try {
            return path.toRealPath();
        } catch (IOException e) {
            return Path.of("/nonexistent");
        }
    }
}
