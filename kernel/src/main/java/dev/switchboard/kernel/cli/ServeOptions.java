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
    /** Serve in this process, never attaching nor accepting attached sessions. */
    static final String NO_ATTACH = "no-attach";
    /** Be the shared server that stdio sessions attach to (what the attach client starts). */
    static final String SHARED = "shared";
    /** The id of the transport attached sessions come through. */
    static final String ATTACH_TRANSPORT = "attach";

    /** How {@code serve} takes part in attaching (ADR 32). */
    enum AttachMode {
        /** No attach socket: in-process stdio, or HTTP without attach. */
        NONE,
        /** The attach socket beside HTTP; never idle-exits. */
        ALONGSIDE,
        /** The shared server: the attach socket only, idle exit. */
        SHARED
    }

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
                        .desc("Keep the other transports serving when one ends on its own: with --transport "
                                + "stdio,http, HTTP after stdin ends (by default the end of stdin ends the server and "
                                + "frees the port). SIGTERM and 'server stop' still stop everything.")
                        .get())
                .addOption(Option.builder()
                        .longOpt("token-file")
                        .hasArg()
                        .argName("FILE")
                        .desc("Existing owner-only file holding the owner token (kernel.auth.token-file; default "
                                + "<state-dir>/owner.token, generated on first start).")
                        .get())
                .addOption(Option.builder()
                        .longOpt(NO_ATTACH)
                        .desc("Serve stdio in this process instead of attaching to the shared server (as"
                                + " kernel.attach: false); with --http, accept no attached sessions.")
                        .get())
                .addOption(Option.builder()
                        .longOpt(SHARED)
                        .desc("Run as the shared server stdio sessions attach to (the attach socket only; exits"
                                + " after plugins.transport-stdio.shared-idle-s with no session). Started by the"
                                + " attach client.")
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
     * @throws UsageException if {@code --host}/{@code --port} are given without HTTP, the port is not a number, or
     *                        {@code --shared} is combined with a transport option or {@code --no-attach}
     */
    static SwitchboardConfig apply(CommandLine line, SwitchboardConfig config) {
        if (line.hasOption(SHARED)
                && (line.hasOption("transport") || line.hasOption("http") || line.hasOption(NO_ATTACH))) {
            throw new UsageException(
                    "--shared serves the attach socket only: drop --transport, --http and" + " --no-attach", "");
        }
        List<String> transports = line.hasOption(SHARED) ? List.of(ATTACH_TRANSPORT) : transports(line, config);
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

    /**
     * @param line   the parsed command line
     * @param config the configuration {@link #apply} returned
     * @return {@link AttachMode#SHARED} with {@code --shared}; {@link AttachMode#ALONGSIDE} when HTTP serves, unless
     *     {@code --no-attach} or {@code kernel.attach: false}; else {@link AttachMode#NONE} (stdio in this process:
     *     the launcher attaches before the kernel starts, so a stdio {@code serve} that reaches here serves itself)
     */
    static AttachMode attachMode(CommandLine line, SwitchboardConfig config) {
        if (line.hasOption(SHARED)) {
            return AttachMode.SHARED;
        }
        boolean http = config.kernel().transports().contains(HttpTransportSettings.TRANSPORT_ID);
        return http && !line.hasOption(NO_ATTACH) && config.kernel().attach() ? AttachMode.ALONGSIDE : AttachMode.NONE;
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
