package dev.switchboard.kernel.cli;

import java.util.List;

/** The launcher's entry point. */
public final class Main {

    private Main() {}

    /**
     * Runs the command line and exits with its status (0 success, 1 failure, 2 usage error).
     *
     * @param args the arguments
     */
    public static void main(String[] args) {
        int status = new Cli(Console.system(), commands()).run(args);
        System.exit(status);
    }

    static List<CliCommand> commands() {
        return List.of(
                new ServeCommand(),
                new DoctorCommand(),
                new PluginsCommand(),
                new TokenCommand(),
                new StorageCommand());
    }
}
