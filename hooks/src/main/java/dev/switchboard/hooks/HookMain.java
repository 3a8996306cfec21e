package dev.switchboard.hooks;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.switchboard.kernel.cli.Console;
import dev.switchboard.kernel.cli.Settings;
import dev.switchboard.kernel.config.ConfigException;
import dev.switchboard.kernel.config.SwitchboardConfig;
import dev.switchboard.plugin.mailbox.DirectHooks;
import dev.switchboard.plugin.storage.postgres.PostgresDirectConnection;
import dev.switchboard.plugin.storage.sqlite.SqliteSettings;
import dev.switchboard.ports.plugin.PluginContext;
import dev.switchboard.ports.storage.StorageException;

/**
 * The direct path's main (ADR 25), which {@code bin/switchboard} runs for {@code hook ...} and {@code status ...}: the
 * configuration by the kernel's rules ({@link Settings}), the store where {@code storage-sqlite} puts it
 * ({@link SqliteSettings}) or the PostgreSQL schema {@code storage-postgres} uses ({@link PostgresDirectConnection}, one
 * connection, ADR 65), then, when a shared server of the same configuration is running, that server's answer
 * ({@link SharedServer}, ADR 41), else the mailbox's {@link DirectHooks}. Exits with the command's status, or with
 * {@value #FULL_PATH} when the full path must answer ({@link FullPathRules}, or {@link DirectHooks} declining), before
 * anything was read from standard input or written anywhere: the launcher then runs the full path on the same command
 * line. Runs once per process.
 */
public final class HookMain {

    /** The exit status that asks the launcher for the full path; no command of this path exits with it. */
    public static final int FULL_PATH = 100;

    private HookMain() {}

    /**
     * @param args the command line ({@code hook stop}, {@code status --text}, ...)
     */
    public static void main(String[] args) {
        int status;
        try {
            status = run(args, Console.system());
        } catch (LinkageError e) {
            // a class missing from lib/hook/ (a layout edited by hand): the full path still answers
            status = FULL_PATH;
        }
        System.exit(status);
    }

    /**
     * @param args    the command line
     * @param console the process's streams
     * @return the command's exit status, or {@value #FULL_PATH}
     */
    static int run(String[] args, Console console) {
        return run(args, console, System.getenv());
    }

    /**
     * @param args        the command line
     * @param console     the process's streams
     * @param environment the variables the mailbox reads itself (the original's {@code AI_AGENT_CHANNEL_*} aliases),
     *     also sent whole to a shared server as the asking session's identity ({@link SharedServer}); the kernel's
     *     configuration always reads the process's own environment
     * @return the command's exit status, or {@value #FULL_PATH}
     */
    static int run(String[] args, Console console, Map<String, String> environment) {
        return run(args, console, environment, true);
    }

    /**
     * @param args        the command line
     * @param console     the process's streams
     * @param environment as {@link #run(String[], Console, Map)}
     * @param askServer   whether to ask a running shared server first (false: the direct path only, for the build's
     *     training run, {@link HookTraining})
     * @return the command's exit status, or {@value #FULL_PATH}
     */
    static int run(String[] args, Console console, Map<String, String> environment, boolean askServer) {
        SwitchboardConfig config;
        try {
            config = Settings.peek(args).load();
        } catch (ConfigException e) {
            // a hook must never exit 2 (its client reads "block"): said once, with the full path's status; the
            // other commands' refusals are the full path's
            Optional<Integer> status = DirectHooks.unreadableConfigurationStatus(List.of(args));
            status.ifPresent(refused -> {
                console.err().println("switchboard: " + e.getMessage());
                console.err().flush();
            });
            return status.orElse(FULL_PATH);
        }
        if (FullPathRules.reason(config).isPresent()) {
            return FULL_PATH;
        }
        SharedServer.Answer shared = askServer
                ? SharedServer.ask(
                        config, List.of(args), environment, Path.of("").toAbsolutePath(), console.in())
                : SharedServer.declined(console.in());
        if (shared.exit().isPresent()) {
            console.out().print(shared.out());
            console.err().print(shared.err());
            console.out().flush();
            console.err().flush();
            return shared.exit().get();
        }
        Path stateDir = config.kernel().stateDir();
        Path home = Path.of(System.getProperty("user.home"));
        PluginContext mailbox =
                new PluginContext(FullPathRules.MAILBOX, config.pluginConfig(FullPathRules.MAILBOX), stateDir);
        DirectHooks.Streams streams = new DirectHooks.Streams(shared.input(), console.out(), console.err());
        Optional<Integer> status;
        if (FullPathRules.POSTGRES.equals(config.kernel().storage())) {
            PostgresDirectConnection postgres;
            try {
                postgres = PostgresDirectConnection.from(
                        new PluginContext(
                                FullPathRules.STORAGE_POSTGRES,
                                config.pluginConfig(FullPathRules.STORAGE_POSTGRES),
                                stateDir),
                        System.getenv(),
                        home);
            } catch (StorageException e) {
                return FULL_PATH; // a malformed setting or an unreadable password: the full path reports it
            }
            status = DirectHooks.run(
                    List.of(args),
                    mailbox,
                    postgres::open,
                    name -> Optional.ofNullable(environment.get(name)),
                    streams);
        } else {
            SqliteSettings sqlite;
            try {
                sqlite = SqliteSettings.from(
                        new PluginContext("storage-sqlite", config.pluginConfig("storage-sqlite"), stateDir), home);
            } catch (StorageException e) {
                return FULL_PATH;
            }
            status = DirectHooks.run(
                    List.of(args),
                    mailbox,
                    new DirectHooks.Store(sqlite.file(), sqlite.busyTimeoutMs()),
                    name -> Optional.ofNullable(environment.get(name)),
                    streams);
        }
        console.out().flush();
        console.err().flush();
        return status.orElse(FULL_PATH);
    }
}
