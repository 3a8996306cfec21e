package dev.switchboard.kernel.cli;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;

import dev.switchboard.kernel.auth.ServeAuthCheck;
import dev.switchboard.kernel.boot.Kernel;
import dev.switchboard.kernel.config.SwitchboardConfig;

/**
 * {@code switchboard serve}: checks authentication (an unauthenticated non-loopback HTTP listener is refused; the
 * owner token file must be owner-only, and is generated on first start), starts the kernel and its plugins, then the
 * transports (stdio by default, HTTP with {@code --http}), and runs until they end or the process is told to stop
 * (SIGTERM, SIGINT), then shuts down cleanly with status 0, or halts with status 1 if that shutdown takes longer than
 * {@value ShutdownDeadline#DEFAULT_SECONDS} s.
 */
final class ServeCommand implements CliCommand {

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
        SwitchboardConfig config = ServeOptions.apply(line, settings.load());
        ServeAuthCheck.verify(config);
        Kernel kernel = Kernel.start(config);
        ShutdownDeadline deadline = ShutdownDeadline.halting();
        Runnable stop = () -> {
            deadline.arm();
            kernel.close();
            deadline.disarm();
        };
        Runtime.getRuntime().addShutdownHook(new Thread(stop, "switchboard-shutdown"));
        TerminationSignals.onTerminate(stop);
        try {
            kernel.serve(config.kernel().transports(), line.hasOption(ServeOptions.KEEP_SERVING));
        } finally {
            stop.run();
        }
        return Cli.OK;
    }
}
