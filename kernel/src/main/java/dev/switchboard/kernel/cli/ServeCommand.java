package dev.switchboard.kernel.cli;

import java.util.List;
import java.util.Optional;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.switchboard.kernel.auth.ServeAuthCheck;
import dev.switchboard.kernel.boot.Kernel;
import dev.switchboard.kernel.config.SwitchboardConfig;
import dev.switchboard.kernel.memory.HeapCompaction;
import dev.switchboard.kernel.plugin.PluginStatus;
import dev.switchboard.kernel.plugin.SessionChecks;
import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.transport.Transport;

/**
 * {@code switchboard serve}: checks authentication (an unauthenticated non-loopback HTTP listener is refused; the
 * owner token file must be owner-only, and is generated on first start), starts the kernel and its plugins (with
 * {@code --strict}, exits 1 naming each failed plugin instead of serving without it; otherwise a storage that could
 * not be opened is retried in the background: {@link dev.switchboard.kernel.plugin.PluginHost#retryStorageInBackground};
 * exits 2 when a plugin's {@link dev.switchboard.ports.call.SessionCheck} refuses the in-process stdio session), then
 * the transports (stdio by
 * default, HTTP with {@code --http}, beside it the {@code attach} socket unless {@code --no-attach}; only the socket
 * with {@code --shared}: {@link ServeAttach}), writes one line to stderr saying where it serves ({@link StartLine}),
 * keeps a serial-collector heap compact ({@link HeapCompaction}, ADR 76), and runs
 * until they end or the process is told to stop
 * (SIGTERM, SIGINT), then shuts down cleanly with status 0, or halts with status 1 if that shutdown takes longer than
 * {@value ShutdownDeadline#DEFAULT_SECONDS} s.
 */
final class ServeCommand implements CliCommand {

    private static final Logger LOG = LoggerFactory.getLogger(ServeCommand.class);

    private static final String STDIO = "stdio";

    @Override
    public String name() {
        return "serve";
    }

    @Override
    public String summary() {
        return "Serve MCP (stdio by default, HTTP with --http). Only JSON-RPC goes to stdout; logs go to stderr.";
    }

    @Override
    public Options options() {
        return ServeOptions.options();
    }

    @Override
    public int run(CommandLine line, Settings settings, Console console) throws InterruptedException {
        if (!line.getArgList().isEmpty()) {
            throw new UsageException("unexpected argument '" + line.getArgList().get(0) + "'", "");
        }
        SwitchboardConfig loaded = settings.load();
        SwitchboardConfig config = ServeOptions.apply(line, loaded);
        ServeAuthCheck.verify(config);
        ServeAttach attach = ServeAttach.prepare(ServeOptions.attachMode(line, config), loaded);
        try {
            return serve(line, attach.apply(config), attach, console);
        } finally {
            attach.close();
        }
    }

    private static int serve(CommandLine line, SwitchboardConfig config, ServeAttach attach, Console console)
            throws InterruptedException {
        Kernel kernel = Kernel.start(config);
        List<PluginStatus> failed = StartLine.failed(kernel.plugins().statuses());
        if (line.hasOption(ServeOptions.STRICT) && !failed.isEmpty()) {
            kernel.close();
            failed.forEach(p -> console.err().println("switchboard: plugin " + p.id() + " failed: " + p.error()));
            console.err()
                    .println("switchboard: --strict: an enabled plugin failed, so the server stops (exit 1) without"
                            + " serving; fix it, or disable it with 'switchboard plugins disable ID'");
            return Cli.FAILED;
        }
        if (config.kernel().transports().contains(STDIO)) {
            Optional<String> refused = SessionChecks.first(kernel.prepared(), Principal.LOCAL_OWNER);
            if (refused.isPresent()) {
                // the in-process stdio session's own settings (a malformed mailbox role) can never serve it: one line
                kernel.close();
                console.err().println("switchboard: " + refused.get());
                return Cli.USAGE;
            }
        }
        kernel.plugins().retryStorageInBackground();
        if (!failed.isEmpty()) {
            LOG.warn(
                    "serving without the failed plugin(s) {}: calls to their tools answer PLUGIN_FAILED (serve --strict"
                            + " would stop instead)",
                    failed.stream().map(PluginStatus::id).toList());
        }
        HeapCompaction compaction = HeapCompaction.start();
        ShutdownDeadline deadline = ShutdownDeadline.halting();
        Runnable stop = () -> {
            deadline.arm();
            compaction.close();
            kernel.close();
            attach.close();
            deadline.disarm();
        };
        Runtime.getRuntime().addShutdownHook(new Thread(stop, "switchboard-shutdown"));
        TerminationSignals.onTerminate(stop);
        try {
            List<String> transports = attach.startable(
                    config.kernel().transports(),
                    kernel.plugins().transports().stream().map(Transport::id).toList());
            List<String> endpoints = kernel.startTransports(transports, line.hasOption(ServeOptions.KEEP_SERVING));
            console.err()
                    .println(StartLine.of(
                            endpoints,
                            config.kernel().stateDir(),
                            kernel.plugins().statuses()));
            attach.serving(config, transports);
            StartLine.openStateDirectory(config.kernel().stateDir()).ifPresent(console.err()::println);
            StartLine.terminalHint(endpoints, Boolean.getBoolean(StartLine.STDIN_TERMINAL_PROPERTY))
                    .ifPresent(console.err()::println);
            kernel.awaitTransports();
        } finally {
            stop.run();
        }
        return Cli.OK;
    }
}
