package dev.switchboard.kernel.cli;

import picocli.CommandLine.Command;

/** {@code switchboard}: the top-level command; it only groups the subcommands. */
@Command(name = "switchboard", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "One MCP server hosting feature plugins for AI agent sessions.",
        subcommands = {ServeCommand.class, DoctorCommand.class, PluginsCommand.class})
final class SwitchboardCommand implements Runnable {

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new picocli.CommandLine.ParameterException(spec.commandLine(), "a command is required");
    }
}
