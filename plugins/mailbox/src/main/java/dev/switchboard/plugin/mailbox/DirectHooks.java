package dev.switchboard.plugin.mailbox;

import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import dev.switchboard.plugin.mailbox.channel.application.CallerResolver;
import dev.switchboard.plugin.mailbox.channel.application.ConfiguredRole;
import dev.switchboard.plugin.mailbox.channel.application.Environment;
import dev.switchboard.plugin.mailbox.channel.application.MailboxSettingKeys;
import dev.switchboard.plugin.mailbox.channel.domain.Roles;
import dev.switchboard.plugin.mailbox.hook.adapter.in.cli.HookCommand;
import dev.switchboard.plugin.mailbox.hook.adapter.in.cli.StatusCommand;
import dev.switchboard.plugin.mailbox.hook.adapter.out.direct.ReadOnlyStore;
import dev.switchboard.plugin.mailbox.hook.application.CountsLookup;
import dev.switchboard.plugin.mailbox.hook.application.HookSettings;
import dev.switchboard.plugin.mailbox.hook.application.StopHook;
import dev.switchboard.plugin.mailbox.hook.application.port.out.LocalCounts;
import dev.switchboard.plugin.mailbox.hook.application.port.out.LocalPinList;
import dev.switchboard.plugin.mailbox.hook.domain.RoleCounts;
import dev.switchboard.ports.cli.Subcommand;
import dev.switchboard.ports.cli.SubcommandCall;
import dev.switchboard.ports.cli.SubcommandUsageException;
import dev.switchboard.ports.plugin.InvalidSettingException;
import dev.switchboard.ports.plugin.PluginContext;
import dev.switchboard.ports.plugin.PluginSettings;

/**
 * The direct path of {@code hook stop}, {@code hook session-start} and {@code status [status|pins] [--role R] [--text]}
 * (ADR 25): the plugin's own {@link HookCommand} and {@link StatusCommand}, their usage checks, use cases
 * ({@link StopHook}, {@link CountsLookup}) and adapters, wired by {@link HookServices} as {@link MailboxModule} provides
 * them (this is the direct path's wiring, so it sits beside the module in the root package), the local counts read by
 * {@link ReadOnlyStore} instead of the plugin's storage. It answers only when its answer is the full path's: any other
 * command line or option, a usage error, an invalid {@code plugins.mailbox} setting or role name, or a store
 * {@link ReadOnlyStore#open} refuses is handed back (an empty answer) before standard input is read, so the caller
 * runs the full path on the same command line and input. A shared server answers the same command lines through
 * {@link #answer} for the processes that ask it ({@link AttachedHooks}, ADR 41). Each call wires its own services, so
 * calls may run at once on different threads.
 */
public final class DirectHooks {

    /**
     * Where the local store is, as the kernel's configuration and {@code storage-sqlite} resolve it.
     *
     * @param file          the SQLite file
     * @param busyTimeoutMs its busy timeout, in milliseconds
     */
    public record Store(Path file, int busyTimeoutMs) {}

    /**
     * Opens one connection to a database store (PostgreSQL: {@code storage-postgres}'s {@code PostgresDirectConnection},
     * ADR 65), read-only and not in auto-commit mode, which the direct path reads exactly as the SQLite file.
     */
    @FunctionalInterface
    public interface Database {

        /**
         * @return the open connection; the caller closes it
         * @throws SQLException if the server cannot be reached or refuses the login (the full path then answers)
         */
        Connection open() throws SQLException;
    }

    /**
     * The process's streams.
     *
     * @param in  standard input (the hook's JSON)
     * @param out standard output
     * @param err standard error
     */
    public record Streams(InputStream in, PrintWriter out, PrintWriter err) {}

    private DirectHooks() {}

    /**
     * @param commandLine the arguments after the program name ({@code hook stop}, {@code status --text}, ...)
     * @param context     the mailbox's settings ({@code plugins.mailbox}) and the state directory
     * @param store       the local store
     * @param environment the process's environment (the original's {@code AI_AGENT_CHANNEL_*} aliases)
     * @param streams     the process's streams
     * @return the exit status, or empty when the full path must answer (nothing was read or written then)
     */
    public static Optional<Integer> run(
            List<String> commandLine, PluginContext context, Store store, Environment environment, Streams streams) {
        return runOn(
                commandLine, context, ReadOnlyStore.sqlite(store.file(), store.busyTimeoutMs()), environment, streams);
    }

    /**
     * As {@link #run(List, PluginContext, Store, Environment, Streams)}, on a database store: one connection, opened
     * only when the command reads the store, and the same queries.
     *
     * @param commandLine the arguments after the program name
     * @param context     the mailbox's settings ({@code plugins.mailbox}) and the state directory
     * @param database    opens the store's connection
     * @param environment the process's environment
     * @param streams     the process's streams
     * @return the exit status, or empty when the full path must answer (nothing was read or written then)
     */
    public static Optional<Integer> run(
            List<String> commandLine,
            PluginContext context,
            Database database,
            Environment environment,
            Streams streams) {
        return runOn(commandLine, context, database::open, environment, streams);
    }

    private static Optional<Integer> runOn(
            List<String> commandLine,
            PluginContext context,
            ReadOnlyStore.Connector connector,
            Environment environment,
            Streams streams) {
        ConfiguredRole configured = new ConfiguredRole(context, environment);
        return answer(
                commandLine,
                context.settings(),
                configured,
                new HookSettings(context, environment),
                new DirectStore(connector),
                streams);
    }

    /**
     * The exit status of a command line this path answers when the configuration cannot be read (an unknown setting,
     * a missing {@code --config} file), as the full path gives it: {@code hook session-start|stop} exit 0, the hooks'
     * rule ({@link HookCommand#usageStatus()}), after the caller's one line on standard error.
     *
     * @param commandLine the arguments after the program name
     * @return the status, or empty for any other command line (the full path finds its subcommand and its status)
     */
    public static Optional<Integer> unreadableConfigurationStatus(List<String> commandLine) {
        List<String> words =
                commandLine.stream().takeWhile(word -> !word.startsWith("-")).toList();
        if (words.size() >= 2
                && words.get(0).equals("hook")
                && List.of("stop", "session-start").contains(words.get(1))) {
            return Optional.of(new HookCommand().usageStatus());
        }
        return Optional.empty();
    }

    /**
     * The answer both ways share: this path's, and a shared server's for a process that asked it (ADR 41,
     * {@link AttachedHooks}). Declines, before anything is read or written, every command line and setting the
     * direct path declines, so a declined command runs where it would have run without a shared server.
     *
     * @param commandLine the arguments after the program name
     * @param settings    the mailbox's settings as the asking session sees them
     * @param configured  its configured role
     * @param hooks       where it reads the counts (local or remote)
     * @param local       its local store
     * @param streams     its streams
     * @return the exit status, or empty when the command line must run elsewhere
     */
    static Optional<Integer> answer(
            List<String> commandLine,
            PluginSettings settings,
            ConfiguredRole configured,
            HookSettings hooks,
            LocalStore local,
            Streams streams) {
        Optional<Parsed> parsed = Parsed.of(commandLine);
        if (parsed.isEmpty()) {
            return Optional.empty();
        }
        try {
            settings.requireKnownKeys(MailboxSettingKeys.ALL);
        } catch (InvalidSettingException e) {
            return Optional.empty();
        }
        String channel = settings.text(MailboxSettingKeys.CHANNEL, CallerResolver.DEFAULT_CHANNEL);
        Optional<String> role = parsed.get().options().containsKey("role")
                ? Optional.of(parsed.get().options().get("role"))
                : configured.value();
        if (!CallerResolver.isChannelName(channel)
                || role.filter(name -> !Roles.isName(name)).isPresent()) {
            return Optional.empty();
        }
        Wiring wiring = new Wiring(hooks, configured, local);
        if (parsed.get().arguments().equals(List.of("pins"))
                && role.isEmpty()
                && !wiring.lookup().isRemote()) {
            return Optional.empty(); // the plugin's refusal names the role settings
        }
        DirectCall call = new DirectCall(parsed.get(), streams, wiring);
        Subcommand command = parsed.get().command();
        try {
            command.checkUsage(call);
        } catch (SubcommandUsageException e) {
            return Optional.empty();
        }
        try {
            if (command.start(call) == Subcommand.Start.STORAGE && !local.open(channel, configured.value())) {
                return Optional.empty();
            }
            return Optional.of(command.run(call));
        } finally {
            local.close();
        }
    }

    /**
     * Where the local counts and pins are read: the direct path's read-only connection, or a shared server's own
     * storage. Used by one run.
     */
    interface LocalStore extends LocalCounts, LocalPinList, AutoCloseable {

        /**
         * Opens what a {@code STORAGE} start reads, before the command runs.
         *
         * @param channel        the local channel's name
         * @param configuredRole the session's configured role, if any
         * @return false when this store cannot answer exactly (the command line is then handed back)
         */
        boolean open(String channel, Optional<String> configuredRole);

        @Override
        void close();
    }

    /** The direct path's store: {@link ReadOnlyStore}, opened on demand. */
    private static final class DirectStore implements LocalStore {
        private final ReadOnlyStore.Connector connector;
        private ReadOnlyStore opened;

        DirectStore(ReadOnlyStore.Connector connector) {
            this.connector = connector;
        }

        @Override
        public boolean open(String channel, Optional<String> configuredRole) {
            try {
                opened = ReadOnlyStore.open(connector, channel, configuredRole);
                return true;
            } catch (ReadOnlyStore.NotAnswerable e) {
                return false;
            }
        }

        @Override
        public Optional<RoleCounts> of(Optional<String> role) {
            return opened().of(role);
        }

        @Override
        public List<Map<String, Object>> list(Optional<String> role) {
            return opened().list(role);
        }

        private ReadOnlyStore opened() {
            if (opened == null) {
                throw new IllegalStateException("the local store was not opened: the command's start is not STORAGE");
            }
            return opened;
        }

        @Override
        public void close() {
            if (opened != null) {
                opened.close();
            }
        }
    }

    /** The command line this path answers: the command, its action words, {@code --role R} and {@code --text}. */
    private record Parsed(Subcommand command, List<String> arguments, Map<String, String> options, Set<String> flags) {

        static Optional<Parsed> of(List<String> commandLine) {
            if (commandLine.isEmpty()) {
                return Optional.empty();
            }
            boolean hook = commandLine.get(0).equals("hook");
            if (!hook && !commandLine.get(0).equals("status")) {
                return Optional.empty();
            }
            List<String> arguments = new ArrayList<>();
            Map<String, String> options = new HashMap<>();
            Set<String> flags = new HashSet<>();
            for (int i = 1; i < commandLine.size(); i++) {
                String word = commandLine.get(i);
                if (!word.startsWith("-")) {
                    arguments.add(word);
                } else if (!hook && word.equals("--text")) {
                    flags.add("text");
                } else if (!hook && word.startsWith("--role=")) {
                    options.put("role", word.substring("--role=".length()));
                } else if (!hook
                        && word.equals("--role")
                        && i + 1 < commandLine.size()
                        && !commandLine.get(i + 1).startsWith("-")) {
                    options.put("role", commandLine.get(++i));
                } else {
                    return Optional.empty();
                }
            }
            List<String> answered = hook ? List.of("stop", "session-start") : List.of("status", "pins");
            if (hook ? arguments.size() != 1 : arguments.size() > 1) {
                return Optional.empty();
            }
            if (!arguments.isEmpty() && !answered.contains(arguments.get(0))) {
                return Optional.empty();
            }
            return Optional.of(new Parsed(hook ? new HookCommand() : new StatusCommand(), arguments, options, flags));
        }
    }

    /**
     * The services the commands ask for ({@link SubcommandCall#service}), from {@link HookServices} as the plugin's
     * module provides them, one each per run.
     */
    private static final class Wiring {
        private final HookSettings settings;
        private final ConfiguredRole configured;
        private final LocalStore local;
        private CountsLookup lookup;

        Wiring(HookSettings settings, ConfiguredRole configured, LocalStore local) {
            this.settings = settings;
            this.configured = configured;
            this.local = local;
        }

        <T> T service(Class<T> type) {
            Object service;
            if (type == CountsLookup.class) {
                service = lookup();
            } else if (type == StopHook.class) {
                service = HookServices.stopHook(settings, lookup());
            } else if (type == LocalPinList.class) {
                service = local;
            } else if (type == ConfiguredRole.class) {
                service = configured;
            } else {
                throw new IllegalStateException("the direct path does not provide " + type.getName());
            }
            return type.cast(service);
        }

        private CountsLookup lookup() {
            if (lookup == null) {
                lookup = HookServices.countsLookup(settings, local);
            }
            return lookup;
        }
    }

    /** A {@link SubcommandCall} on the parsed command line, the process's streams and the hand-built services. */
    private record DirectCall(Parsed parsed, Streams streams, Wiring wiring) implements SubcommandCall {
        @Override
        public List<String> arguments() {
            return parsed.arguments();
        }

        @Override
        public Optional<String> option(String name) {
            return Optional.ofNullable(parsed.options().get(name));
        }

        @Override
        public boolean flag(String name) {
            return parsed.flags().contains(name);
        }

        @Override
        public PrintWriter out() {
            return streams.out();
        }

        @Override
        public InputStream in() {
            return streams.in();
        }

        @Override
        public PrintWriter err() {
            return streams.err();
        }

        @Override
        public <T> T service(Class<T> type) {
            return wiring.service(type);
        }
    }
}
