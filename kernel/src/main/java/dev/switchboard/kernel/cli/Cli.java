package dev.switchboard.kernel.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.DefaultParser;
import org.apache.commons.cli.HelpFormatter;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.apache.commons.cli.ParseException;

import dev.switchboard.kernel.config.UnknownSettingException;
import dev.switchboard.kernel.core.BuildInfo;

/**
 * {@code switchboard [--version|--help] COMMAND [options]}: selects the subcommand by its word, parses its options with
 * Commons CLI (unknown flags are usage errors), and maps outcomes to exit statuses: 0 success, 1 failure, 2 usage
 * (an unknown setting in the configuration or a {@code SWITCHBOARD_*} variable is one too). A
 * word that is no kernel command is looked up among the enabled plugins' subcommands ({@link PluginSubcommands}), which
 * {@code --help} also lists.
 */
final class Cli {

    static final int OK = 0;
    static final int FAILED = 1;
    static final int USAGE = 2;

    private final Map<String, CliCommand> commands = new LinkedHashMap<>();
    private final Console console;
    private final PluginSubcommands pluginSubcommands;

    Cli(Console console, List<CliCommand> available) {
        this.console = console;
        available.forEach(c -> commands.put(c.name(), c));
        this.pluginSubcommands = new PluginSubcommands(console, commands.keySet());
    }

    int run(String[] args) {
        try {
            if (args.length == 0) {
                throw new UsageException("a command is required", topUsage());
            }
            switch (args[0]) {
                case "--version", "-V" -> {
                    console.out().println(version());
                    return OK;
                }
                case "--help", "-h", "help" -> {
                    console.out().print(topUsage(pluginSubcommands.helpLines(args)));
                    console.out().flush();
                    return OK;
                }
                default -> {
                    CliCommand command = commands.get(args[0]);
                    if (command == null) {
                        return pluginSubcommands.run(args, topUsage());
                    }
                    return runCommand(command, java.util.Arrays.copyOfRange(args, 1, args.length));
                }
            }
        } catch (UsageException e) {
            console.err().println("switchboard: " + e.getMessage());
            console.err().print(e.usage());
            console.err().flush();
            return USAGE;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return FAILED;
        } catch (UnknownSettingException e) {
            // a typo in the configuration: one line naming it, where it was set and the closest known key
            console.err().println("switchboard: " + e.getMessage());
            return USAGE;
        } catch (RuntimeException e) {
            // one line, also for an exception without a message (an MCP client shows stderr, never a stack trace)
            console.err().println("switchboard: " + (e.getMessage() == null ? e.toString() : e.getMessage()));
            return FAILED;
        }
    }

    private int runCommand(CliCommand command, String[] args) throws InterruptedException {
        Options options = withCommonOptions(command.options());
        CommandLine line;
        try {
            line = new DefaultParser().parse(options, args, false);
        } catch (ParseException e) {
            throw new UsageException(e.getMessage(), usage(command));
        }
        if (line.hasOption("help")) {
            console.out().print(usage(command));
            console.out().flush();
            return OK;
        }
        Settings settings = new Settings(
                path(line.getOptionValue("home")),
                path(line.getOptionValue("config")),
                path(line.getOptionValue("state-dir")));
        try {
            return command.run(line, settings, console);
        } catch (UsageException e) {
            throw new UsageException(e.getMessage(), usage(command));
        }
    }

    static Options withCommonOptions(Options own) {
        Options options = new Options();
        own.getOptions().forEach(options::addOption);
        options.addOption(Option.builder("h")
                .longOpt("help")
                .desc("Show this help and exit.")
                .get());
        options.addOption(Option.builder()
                .longOpt("home")
                .hasArg()
                .argName("DIR")
                .desc("Installation directory (config/, plugins/); default: the launcher's.")
                .get());
        options.addOption(Option.builder()
                .longOpt("config")
                .hasArg()
                .argName("FILE")
                .desc("Configuration file; default: <home>/config/application.yaml.")
                .get());
        options.addOption(Option.builder()
                .longOpt("state-dir")
                .hasArg()
                .argName("DIR")
                .desc("State directory (kernel.state-dir; default ~/.switchboard, ~ being $HOME).")
                .get());
        return options;
    }

    private String usage(CliCommand command) {
        StringWriter text = new StringWriter();
        new HelpFormatter()
                .printHelp(
                        new PrintWriter(text),
                        100,
                        "switchboard " + command.name() + " [options] " + command.arguments(),
                        command.summary(),
                        withCommonOptions(command.options()),
                        2,
                        2,
                        "");
        return text.toString();
    }

    /** The attach client's command, which the top-level help lists beside the kernel's. */
    static final String SERVER_COMMAND = "server";

    private static final String SERVER_SUMMARY =
            "Show (status [--json]) or stop (stop [KEY|--all]) the shared servers that serve's sessions attach to.";

    private String topUsage() {
        return topUsage(List.of());
    }

    /** @param pluginLines one line per plugin subcommand, listed after the kernel's commands */
    private String topUsage(List<String> pluginLines) {
        StringBuilder text = new StringBuilder("usage: switchboard [--version] [--help] COMMAND [options]\n")
                .append("One MCP server hosting feature plugins for AI agent sessions.\n\nCommands:\n");
        commands.values().forEach(c -> text.append(String.format("  %-9s %s%n", c.name(), c.summary())));
        // the attach client's command (bin/switchboard runs it, not the kernel): listed, never run from here
        text.append(String.format("  %-9s %s%n", SERVER_COMMAND, SERVER_SUMMARY));
        if (!pluginLines.isEmpty()) {
            text.append("\nCommands of the enabled plugins:\n");
            pluginLines.forEach(line -> text.append(line).append('\n'));
        }
        return text.append("\nRun 'switchboard COMMAND --help' for a command's options.\n")
                .toString();
    }

    private static String version() {
        BuildInfo build = BuildInfo.current();
        return BuildInfo.NAME + " " + build.version() + " (built " + build.buildTime() + ", Java " + Runtime.version()
                + ")";
    }

    private static Path path(String value) {
        return value == null ? null : Path.of(value);
    }
}
