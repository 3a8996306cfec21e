package dev.switchboard.kernel.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;

import dev.switchboard.kernel.config.HttpTransportSettings;
import dev.switchboard.kernel.config.SwitchboardConfig;

/**
 * The options of {@code serve} and how they override the configuration: {@code --transport} and {@code --http}
 * choose the transports, {@code --host}/{@code --port} set {@code plugins.transport-http.host}/{@code port}, and
 * {@code --token-file} replaces {@code kernel.auth.token-file} with a file that must already exist. Stateless.
 */
final class ServeOptions {

    /** The option that makes a failed plugin fail the start (exit 1) instead of being served around. */
    static final String STRICT = "strict";

    private static final int MAX_PORT = 65_535;
    /** Keep the other transports serving after stdin ended; by default the end of stdin ends {@code serve}. */
    static final String KEEP_SERVING = "keep-serving";

    private ServeOptions() {}

    static Options options() {
        return new Options()
                .addOption(Option.builder()
                        .longOpt("transport")
                        .hasArg()
                        .argName("ID[,ID]")
                        .desc("Transports to start (default: kernel.transports, which defaults to stdio).")
                        .get())
                .addOption(Option.builder()
                        .longOpt("http")
                        .desc("Serve MCP over streamable HTTP (transport http) instead of stdio; "
                                + "--transport stdio,http serves both.")
                        .get())
                .addOption(Option.builder()
                        .longOpt("host")
                        .hasArg()
                        .argName("HOST")
                        .desc("Address HTTP binds (plugins.transport-http.host; default 127.0.0.1). Needs --http.")
                        .get())
                .addOption(Option.builder()
                        .longOpt("port")
                        .hasArg()
                        .argName("PORT")
                        .desc("Port HTTP binds (plugins.transport-http.port; default 8765). Needs --http.")
                        .get())
                .addOption(Option.builder()
                        .longOpt(KEEP_SERVING)
                        .desc("With --transport stdio,http: keep serving HTTP after stdin ends (by default the end "
                                + "of stdin ends the server and frees the port).")
                        .get())
                .addOption(Option.builder()
                        .longOpt("token-file")
                        .hasArg()
                        .argName("FILE")
                        .desc("Existing owner-only file holding the owner token (kernel.auth.token-file; default "
                                + "<state-dir>/owner.token, generated on first start).")
                        .get())
                .addOption(Option.builder()
                        .longOpt(STRICT)
                        .desc("Exit 1, naming the plugin and why, when an enabled plugin fails to start, instead of "
                                + "serving the others without it.")
                        .get());
    }

    /**
     * @param line   the parsed command line
     * @param config the configuration as read
     * @return the configuration {@code serve} runs with; its {@code kernel.transports} are the ones to start
     * @throws UsageException if {@code --host}/{@code --port} are given without HTTP, or the port is not a number
     */
    static SwitchboardConfig apply(CommandLine line, SwitchboardConfig config) {
        List<String> transports = transports(line, config);
        SwitchboardConfig chosen = config.withKernel(config.kernel().withTransports(transports));
        boolean http = transports.contains(HttpTransportSettings.TRANSPORT_ID);
        if (!http && (line.hasOption("host") || line.hasOption("port"))) {
            throw new UsageException(
                    "--host and --port configure the HTTP transport: add --http (or http to " + "--transport)", "");
        }
        if (line.hasOption("host")) {
            String host = line.getOptionValue("host").strip();
            if (host.isEmpty()) {
                throw new UsageException("--host needs an address, such as 127.0.0.1", "");
            }
            chosen = chosen.withPluginSetting(HttpTransportSettings.PLUGIN_ID, HttpTransportSettings.HOST, host);
        }
        if (line.hasOption("port")) {
            chosen = chosen.withPluginSetting(
                    HttpTransportSettings.PLUGIN_ID, HttpTransportSettings.PORT, port(line.getOptionValue("port")));
        }
        if (line.hasOption("token-file")) {
            chosen = chosen.withKernel(chosen.kernel()
                    .withAuth(
                            chosen.kernel().auth().withExistingTokenFile(Path.of(line.getOptionValue("token-file")))));
        }
        return chosen;
    }

    private static List<String> transports(CommandLine line, SwitchboardConfig config) {
        List<String> chosen = new ArrayList<>();
        if (line.hasOption("transport")) {
            Arrays.stream(line.getOptionValue("transport").split(","))
                    .map(String::trim)
                    .filter(s -> !s.isEmpty())
                    .distinct()
                    .forEach(chosen::add);
        } else if (!line.hasOption("http")) {
            chosen.addAll(config.kernel().transports());
        }
        if (line.hasOption("http") && !chosen.contains(HttpTransportSettings.TRANSPORT_ID)) {
            chosen.add(HttpTransportSettings.TRANSPORT_ID);
        }
        return List.copyOf(chosen);
    }

    private static int port(String text) {
        try {
            int port = Integer.parseInt(text.strip());
            if (port >= 0 && port <= MAX_PORT) {
                return port;
            }
        } catch (NumberFormatException e) {
            // reported below, with the accepted range
        }
        throw new UsageException("--port must be a number from 0 to " + MAX_PORT + ", was: " + text, "");
    }
}
