package dev.switchboard.testkit.distribution;

import java.util.List;

/**
 * What one finished run of {@code bin/switchboard} produced.
 *
 * @param command  the arguments given to the launcher
 * @param exitCode the process's exit status
 * @param stdout   everything written to standard output, decoded as UTF-8
 * @param stderr   everything written to standard error, decoded as UTF-8
 */
public record CliRun(List<String> command, int exitCode, String stdout, String stderr) {

    /** @return the standard output's lines */
    public List<String> stdoutLines() {
        return stdout.lines().toList();
    }

    /** @return a description for assertion messages: the command, its status and both outputs */
    public String describe() {
        return "switchboard " + String.join(" ", command) + " exited " + exitCode + "\n--- stdout ---\n" + stdout
                + "\n--- stderr ---\n" + stderr;
    }
}
