package dev.switchboard.kernel.cli;

import java.util.Arrays;
import java.util.List;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;

import dev.switchboard.kernel.boot.Kernel;
import dev.switchboard.kernel.config.SwitchboardConfig;

/**
 * {@code switchboard serve}: starts the kernel and its plugins, then the transports (stdio by default), and runs until
 * stdin ends or the process is told to stop (SIGTERM, SIGINT), then shuts down cleanly with status 0.
 */
final class ServeCommand implements CliCommand {

    @Override
    public String name() {
        return "serve";
    }

    @Override
    public String summary() {
        return "Serve MCP (stdio by default). Only JSON-RPC goes to stdout; logs go to stderr.";
    }

    @Override
    public Options options() {
        return new Options().addOption(Option.builder().longOpt("transport").hasArg().argName("ID[,ID]")
                .desc("Transports to start (default: kernel.transports, which defaults to stdio).").get());
    }

    @Override
    public int run(CommandLine line, Settings settings, Console console) throws InterruptedException {
        if (!line.getArgList().isEmpty()) {
            throw new UsageException("unexpected argument '" + line.getArgList().get(0) + "'", "");
        }
        SwitchboardConfig config = settings.load();
        List<String> chosen = line.hasOption("transport")
                ? Arrays.stream(line.getOptionValue("transport").split(",")).map(String::trim)
                        .filter(s -> !s.isEmpty()).toList()
                : config.kernel().transports();
        Kernel kernel = Kernel.start(config.withKernel(config.kernel().withTransports(chosen)));
        Runtime.getRuntime().addShutdownHook(new Thread(kernel::close, "switchboard-shutdown"));
        try {
            kernel.serve(chosen);
        } finally {
            kernel.close();
        }
        return Cli.OK;
    }
}
