package dev.switchboard.kernel.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.regex.Pattern;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.DefaultParser;
import org.apache.commons.cli.HelpFormatter;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.apache.commons.cli.ParseException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.switchboard.kernel.boot.Kernel;
import dev.switchboard.kernel.config.ConfigException;
import dev.switchboard.kernel.config.SwitchboardConfig;
import dev.switchboard.kernel.plugin.PluginState;
import dev.switchboard.kernel.plugin.PluginStatus;
import dev.switchboard.ports.cli.Subcommand;
import dev.switchboard.ports.cli.SubcommandOption;
import dev.switchboard.ports.cli.SubcommandUsageException;

/**
 * The subcommands plugins contribute ({@link Subcommand}): found among the enabled plugins after phase one
 * ({@link Kernel#prepare}), the longest path the leading words of the command line spell; parsed with Commons CLI
 * against the subcommand's options and the common ones; run after its plugin and the storage plugins have started
 * ({@code PluginHost.startPrepared}), with no transport. Statuses: the subcommand's own; 2 when it is unknown, its
 * command line is wrong, or its plugin or the storage cannot start. Not thread-safe: one command line, one thread.
 */
final class PluginSubcommands {

    private static final Logger LOG = LoggerFactory.getLogger(PluginSubcommands.class);
    private static final Pattern WORD = Pattern.compile("[a-z][a-z0-9-]{0,31}");

    private final Console console;
    private final Set<String> kernelCommands;

    /**
     * @param console        where results and problems go
     * @param kernelCommands the kernel's own command words, which no plugin may take
     */
    PluginSubcommands(Console console, Set<String> kernelCommands) {
        this.console = console;
        this.kernelCommands = Set.copyOf(kernelCommands);
    }

    /** A subcommand and the plugin that contributes it. */
    record Found(String pluginId, Subcommand command) {
        String name() {
            return String.join(" ", command.path());
        }
    }

    /**
     * Runs the plugin subcommand the command line names.
     *
     * @param args     the whole command line, its first word not a kernel command
     * @param topUsage the top-level usage text, for an unknown command
     * @return the exit status
     * @throws UsageException if no enabled plugin has such a subcommand
     */
    int run(String[] args, String topUsage) {
        SwitchboardConfig config;
        Settings settings = Settings.peek(args);
        try {
            config = settings.load();
        } catch (ConfigException e) {
            console.err().println("switchboard: " + e.getMessage());
            console.err().flush();
            return refusedConfigurationStatus(args);
        }
        try (Kernel kernel = Kernel.prepareFor(config, args[0])) {
            List<Found> all = available(kernel);
            List<String> words = leadingWords(args);
            Optional<Found> found = longestMatch(all, words);
            if (found.isEmpty()) {
                return unknown(args, words, all, topUsage);
            }
            Found chosen = found.get();
            String[] rest = Arrays.copyOfRange(args, chosen.command().path().size(), args.length);
            return parseAndRun(kernel, chosen, rest, all, settings.stateDirToCarry(config));
        }
    }

    /**
     * The status of a command line whose configuration cannot be read (an unknown setting, a missing {@code --config}
     * file): the setup error of its subcommand, {@link Subcommand#usageStatus()} (a hook's 0, {@code hook wake}'s 1:
     * a hook must never exit 2, which its client reads as "block" or "wake"), found among the plugins of the defaults
     * at the same locations (phase one only); {@link Subcommand#USAGE} when none is found there.
     */
    private int refusedConfigurationStatus(String[] args) {
        try (Kernel kernel = Kernel.prepareFor(Settings.peek(args).defaults(), args[0])) {
            return longestMatch(available(kernel), leadingWords(args))
                    .map(found -> found.command().usageStatus())
                    .orElse(Subcommand.USAGE);
        } catch (RuntimeException e) {
            LOG.debug("the plugins of the defaults cannot be prepared", e);
            return Subcommand.USAGE;
        }
    }

    /**
     * Lists the plugins' commands without starting the plugins that declare their command words in their descriptor
     * ({@code plugin.commands}, ADR 23): one line per declared word, naming the plugin and the {@code --help} that
     * lists the word's commands (a subcommand's summary and options are its extension's, which only its plugin's
     * phase one can build). A plugin without the key is prepared (phase one) and its subcommands listed whole.
     *
     * @param args the whole command line (for the location options)
     * @return one line per command word or subcommand of the enabled plugins, by plugin id, for
     *         {@code switchboard --help}; or a line saying why they cannot be listed
     */
    List<String> helpLines(String[] args) {
        try (Kernel kernel = Kernel.prepareUndeclared(Settings.peek(args).load())) {
            SortedMap<String, List<String>> lines = new TreeMap<>();
            kernel.plugins()
                    .declaredCommands()
                    .forEach((pluginId, words) -> words.stream()
                            .filter(word -> WORD.matcher(word).matches() && !kernelCommands.contains(word))
                            .forEach(word -> lines.computeIfAbsent(pluginId, id -> new ArrayList<>())
                                    .add(String.format(
                                            "  %-18s (plugin %s; 'switchboard %s --help' for its commands)",
                                            word, pluginId, word))));
            available(kernel)
                    .forEach(f -> lines.computeIfAbsent(f.pluginId(), id -> new ArrayList<>())
                            .add(String.format(
                                    "  %-18s %s (plugin %s)",
                                    f.name(), f.command().summary(), f.pluginId())));
            return lines.values().stream().flatMap(List::stream).toList();
        } catch (RuntimeException e) {
            return List.of("  (plugins' commands cannot be listed: " + e.getMessage() + ")");
        }
    }

    private int parseAndRun(Kernel kernel, Found chosen, String[] rest, List<Found> all, Optional<Path> stateDir) {
        Subcommand command = chosen.command();
        CommandLine line;
        try {
            line = new DefaultParser().parse(options(command), rest, false);
        } catch (org.apache.commons.cli.UnrecognizedOptionException e) {
            // Only the option's name: its value may be a secret (--token=...), which is never echoed.
            return usageError(chosen, "unrecognized option: " + e.getOption().split("=", 2)[0]);
        } catch (ParseException e) {
            return usageError(chosen, e.getMessage());
        }
        if (line.hasOption("help")) {
            console.out().print(usage(chosen));
            // the top-level help names only a plugin's command words: a word that is a command itself lists the rest
            commandsUnder(all, chosen.command().path())
                    .ifPresent(under -> console.out().print("\n" + under));
            console.out().flush();
            return Subcommand.DONE;
        }
        KernelSubcommandCall call =
                new KernelSubcommandCall(command, line, console, kernel.prepared(), chosen.pluginId(), stateDir);
        try {
            command.checkUsage(call);
        } catch (SubcommandUsageException e) {
            return usageError(chosen, e.getMessage());
        }
        call.started(); // start() may build what needs no storage (its settings) to decide
        Subcommand.Start start = command.start(call);
        switch (start) {
            case PLUGIN -> kernel.plugins().startPrepared(chosen.pluginId());
            case PLUGIN_ON_EXISTING_STORE -> kernel.plugins().startPreparedOnExistingStore(chosen.pluginId());
            case STORAGE -> kernel.plugins().startStorage();
            case NOTHING -> {}
        }
        Optional<String> problem = start == Subcommand.Start.NOTHING
                ? Optional.empty()
                : whyNotStarted(kernel, chosen.pluginId(), start != Subcommand.Start.STORAGE);
        if (problem.isPresent()) {
            console.err().println("switchboard: cannot run '" + chosen.name() + "': " + problem.get());
            console.err().flush();
            return command.usageStatus(); // a setup error is a usage error (ADR 19); a hook's is 0
        }
        try {
            return command.run(call);
        } catch (SubcommandUsageException e) {
            return usageError(chosen, e.getMessage());
        } catch (RuntimeException e) {
            LOG.debug("{} failed", chosen.name(), e);
            console.err().println("switchboard: " + chosen.name() + " failed: " + e.getMessage());
            console.err().flush();
            return Subcommand.FAILED;
        } finally {
            console.out().flush();
            console.err().flush();
        }
    }

    private int usageError(Found chosen, String message) {
        console.err().println("switchboard: " + message);
        console.err().print(usage(chosen));
        console.err().flush();
        return chosen.command().usageStatus();
    }

    private static Optional<String> whyNotStarted(Kernel kernel, String pluginId, boolean pluginStarted) {
        Optional<String> storage = kernel.plugins().storageUnavailableReason();
        if (storage.isPresent()) {
            return Optional.of("no storage: " + storage.get());
        }
        if (!pluginStarted) {
            return kernel.plugins().statuses().stream()
                    .filter(s -> s.id().equals(pluginId) && s.state() == PluginState.FAILED)
                    .map(s -> "plugin " + pluginId + " failed to load: " + s.error())
                    .findFirst();
        }
        return kernel.plugins().statuses().stream()
                .filter(s -> s.id().equals(pluginId) && s.state() != PluginState.STARTED)
                .map(PluginStatus::error)
                .map(reason -> "plugin " + pluginId + " failed to start: " + reason)
                .findFirst();
    }

    /** @return "Commands under 'GROUP':" and a line per command whose longer path starts with the group's, if any */
    private static Optional<String> commandsUnder(List<Found> all, List<String> group) {
        List<Found> under = all.stream()
                .filter(f -> f.command().path().size() > group.size()
                        && f.command().path().subList(0, group.size()).equals(group))
                .toList();
        if (under.isEmpty()) {
            return Optional.empty();
        }
        StringBuilder text = new StringBuilder("Commands under '" + String.join(" ", group) + "':\n");
        under.forEach(f ->
                text.append(String.format("  %-18s %s%n", f.name(), f.command().summary())));
        return Optional.of(text.toString());
    }

    private int unknown(String[] args, List<String> words, List<Found> all, String topUsage) {
        String given = words.isEmpty() ? args[0] : String.join(" ", words);
        for (int k = words.size(); k >= 1; k--) {
            int length = k;
            Optional<String> listed = commandsUnder(all, words.subList(0, length));
            if (listed.isEmpty()) {
                continue;
            }
            String text = listed.get();
            if (length == words.size()
                    && (Arrays.asList(args).contains("--help")
                            || Arrays.asList(args).contains("-h"))) {
                console.out().print(text);
                console.out().flush();
                return Subcommand.DONE;
            }
            throw new UsageException(
                    length == words.size() ? "'" + given + "' needs a subcommand" : "unknown command '" + given + "'",
                    text);
        }
        throw new UsageException("unknown command '" + given + "'", topUsage);
    }

    /** @return every enabled plugin's subcommands with a valid, free path, by plugin id then path */
    private List<Found> available(Kernel kernel) {
        List<Found> found = new ArrayList<>();
        for (Map.Entry<String, List<Subcommand>> entry :
                kernel.prepared().extensions(Subcommand.class).entrySet()) {
            for (Subcommand command : entry.getValue()) {
                Found candidate = new Found(entry.getKey(), command);
                Optional<String> problem = problem(candidate, found);
                if (problem.isPresent()) {
                    LOG.warn(
                            "plugin {}'s command '{}' is ignored: {}", entry.getKey(), candidate.name(), problem.get());
                } else {
                    found.add(candidate);
                }
            }
        }
        return found;
    }

    private Optional<String> problem(Found candidate, List<Found> taken) {
        List<String> path = candidate.command().path();
        if (path.isEmpty() || !path.stream().allMatch(w -> WORD.matcher(w).matches())) {
            return Optional.of("each word of a command's path matches " + WORD.pattern());
        }
        if (kernelCommands.contains(path.get(0)) || path.get(0).equals("help")) {
            return Optional.of("'" + path.get(0) + "' is a kernel command");
        }
        return taken.stream()
                .filter(f -> f.command().path().equals(path))
                .findFirst()
                .map(f -> "plugin " + f.pluginId() + " has the same command");
    }

    /** @return the words before the first option, such as {@code [mailbox, import, messages.db]} */
    private static List<String> leadingWords(String[] args) {
        List<String> words = new ArrayList<>();
        for (String arg : args) {
            if (arg.startsWith("-")) {
                break;
            }
            words.add(arg);
        }
        return words;
    }

    private static Optional<Found> longestMatch(List<Found> all, List<String> words) {
        return all.stream()
                .filter(f -> f.command().path().size() <= words.size()
                        && words.subList(0, f.command().path().size())
                                .equals(f.command().path()))
                .max(java.util.Comparator.comparingInt(f -> f.command().path().size()));
    }

    private static Options options(Subcommand command) {
        Options own = new Options();
        for (SubcommandOption option : command.options()) {
            Option.Builder builder = Option.builder().longOpt(option.name()).desc(option.description());
            if (option.hasValue()) {
                builder.hasArg().argName(option.valueName());
            }
            own.addOption(builder.get());
        }
        return Cli.withCommonOptions(own);
    }

    private static String usage(Found found) {
        StringWriter text = new StringWriter();
        new HelpFormatter()
                .printHelp(
                        new PrintWriter(text),
                        100,
                        "switchboard " + found.name() + " [options] "
                                + found.command().arguments(),
                        found.command().summary() + " (plugin " + found.pluginId() + ")",
                        options(found.command()),
                        2,
                        2,
                        found.command().footer());
        return text.toString();
    }
}
