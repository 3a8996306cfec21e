package dev.switchboard.kernel.cli;

import picocli.CommandLine;

/** The launcher's entry point. */
public final class Main {

    private Main() {
    }

    /**
     * Runs the command line and exits with its status.
     *
     * @param args the arguments
     */
    public static void main(String[] args) {
        System.exit(newCommandLine().execute(args));
    }

    /** @return the configured command line, for the launcher and for tests */
    public static CommandLine newCommandLine() {
        return new CommandLine(new SwitchboardCommand())
                .setExecutionExceptionHandler((e, cmd, parsed) -> {
                    cmd.getErr().println("switchboard: " + e.getMessage());
                    return 1;
                });
    }
}
