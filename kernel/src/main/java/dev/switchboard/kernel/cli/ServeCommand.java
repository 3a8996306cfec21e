package dev.switchboard.kernel.cli;

import java.util.List;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import dev.switchboard.kernel.boot.Kernel;
import dev.switchboard.kernel.config.SwitchboardConfig;

/**
 * {@code switchboard serve}: starts the kernel and its plugins, then the transports (stdio by default), and runs until
 * stdin ends or the process is told to stop (SIGTERM, SIGINT), then shuts down cleanly with status 0.
 */
@Command(name = "serve", mixinStandardHelpOptions = true,
        description = "Serve MCP (stdio by default). Only JSON-RPC goes to stdout; logs go to stderr.")
final class ServeCommand implements Callable<Integer> {

    @Mixin
    ConfigOptions options;

    @Option(names = "--transport", paramLabel = "ID", split = ",",
            description = "Transports to start (default: kernel.transports, which defaults to stdio).")
    List<String> transports;

    @Override
    public Integer call() throws InterruptedException {
        SwitchboardConfig config = options.load();
        List<String> chosen = transports == null || transports.isEmpty() ? config.kernel().transports() : transports;
        Kernel kernel = Kernel.start(config.withKernel(config.kernel().withTransports(chosen)));
        Thread hook = new Thread(kernel::close, "switchboard-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            kernel.serve(chosen);
        } finally {
            kernel.close();
        }
        return 0;
    }
}
