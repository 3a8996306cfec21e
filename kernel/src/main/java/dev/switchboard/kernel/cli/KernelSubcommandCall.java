package dev.switchboard.kernel.cli;

import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.apache.commons.cli.CommandLine;

import dev.switchboard.kernel.plugin.PreparedPlugins;
import dev.switchboard.ports.cli.Subcommand;
import dev.switchboard.ports.cli.SubcommandCall;
import dev.switchboard.ports.cli.SubcommandOption;

/** A {@link SubcommandCall} on a command line Commons CLI parsed. Used by the one thread that runs the subcommand. */
final class KernelSubcommandCall implements SubcommandCall {

    private final Subcommand command;
    private final CommandLine line;
    private final Console console;
    private final PreparedPlugins plugins;
    private final String pluginId;
    private final Optional<Path> stateDir;
    private boolean started;

    /**
     * @param stateDir the state directory to carry in {@link #locationArguments()} ({@link Settings#stateDirToCarry}),
     *                 empty for the default one
     */
    KernelSubcommandCall(
            Subcommand command,
            CommandLine line,
            Console console,
            PreparedPlugins plugins,
            String pluginId,
            Optional<Path> stateDir) {
        this.command = command;
        this.stateDir = stateDir;
        this.line = line;
        this.console = console;
        this.plugins = plugins;
        this.pluginId = pluginId;
    }

    @Override
    public List<String> arguments() {
        return List.copyOf(line.getArgList());
    }

    @Override
    public Optional<String> option(String name) {
        declared(name, true);
        return Optional.ofNullable(line.getOptionValue(name));
    }

    @Override
    public boolean flag(String name) {
        declared(name, false);
        return line.hasOption(name);
    }

    @Override
    public List<String> locationArguments() {
        List<String> words = new ArrayList<>();
        for (String name : List.of("home", "config")) {
            String value = line.getOptionValue(name);
            if (value != null) {
                words.add("--" + name);
                words.add(Path.of(value).toAbsolutePath().normalize().toString());
            }
        }
        // the effective one, however it was set: the environment or the file's working directory may differ later
        stateDir.ifPresent(dir -> {
            words.add("--state-dir");
            words.add(dir.toString());
        });
        return List.copyOf(words);
    }

    @Override
    public PrintWriter out() {
        return console.out();
    }

    @Override
    public InputStream in() {
        return console.in();
    }

    @Override
    public PrintWriter err() {
        return console.err();
    }

    /** From now on the plugin has started, and {@link #service} hands out its services. */
    void started() {
        started = true;
    }

    @Override
    public <T> T service(Class<T> type) {
        if (!started) {
            throw new IllegalStateException("plugin " + pluginId + "'s services are available in run, not checkUsage");
        }
        return plugins.instance(pluginId, type);
    }

    private void declared(String name, boolean withValue) {
        boolean known = command.options().stream().anyMatch(o -> o.name().equals(name) && o.hasValue() == withValue);
        if (!known) {
            throw new IllegalArgumentException(String.join(" ", command.path()) + " declares no "
                    + (withValue ? "option" : "flag") + " --" + name + " ("
                    + command.options().stream().map(SubcommandOption::name).toList() + ")");
        }
    }
}
