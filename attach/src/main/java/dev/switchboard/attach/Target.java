package dev.switchboard.attach;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.StandardProtocolFamily;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import dev.switchboard.kernel.attach.AttachKey;
import dev.switchboard.kernel.attach.AttachPaths;
import dev.switchboard.kernel.attach.SessionDeclarations;
import dev.switchboard.kernel.cli.Settings;
import dev.switchboard.kernel.config.ConfigException;
import dev.switchboard.kernel.config.SwitchboardConfig;
import dev.switchboard.kernel.config.UnknownSettingException;
import dev.switchboard.kernel.core.BuildInfo;

/**
 * The shared server a command line selects: the configuration by the kernel's rules ({@link Settings}: {@code --home},
 * {@code --config}, {@code --state-dir}, the environment, {@code HOME}), this build's id, the key and the server's
 * files. Immutable.
 *
 * @param config    the configuration
 * @param build     this build's id, {@code version@buildTime}
 * @param paths     the server's files
 * @param locations the location options to pass to a server this client starts, with absolute paths
 */
record Target(SwitchboardConfig config, String build, AttachPaths paths, List<String> locations) {

    private static final List<String> LOCATION_OPTIONS = List.of("--home", "--config", "--state-dir");

    /** Copies the options. */
    Target {
        locations = List.copyOf(locations);
    }

    /**
     * @param args the command line ({@code serve ...}, {@code server ...})
     * @return the configuration and key it selects
     * @throws AttachFailure (falling back) if the plugins directory cannot be listed; (exit 1) if the configuration
     *     cannot be read, (exit 2) if it names an unknown setting: what the in-process server would say
     */
    static Target of(String[] args) throws AttachFailure {
        SwitchboardConfig config;
        try {
            config = Settings.peek(args).load();
        } catch (UnknownSettingException e) {
            // a typo the in-process server would refuse the same way: said once, exit 2 (not served in-process)
            throw AttachFailure.refused(e.getMessage());
        } catch (ConfigException e) {
            // read by the kernel's own rules, so the in-process server would refuse it in the same line: say it once
            throw AttachFailure.refused(e.getMessage(), 1);
        }
        BuildInfo info = BuildInfo.current();
        String build = info.version() + "@" + info.buildTime();
        try {
            String key = AttachKey.of(config, build);
            return new Target(config, build, AttachPaths.of(config.kernel().stateDir(), key), locations(args));
        } catch (UncheckedIOException e) {
            throw new AttachFailure("cannot read the plugins: " + e.getMessage(), true);
        }
    }

    /**
     * Checks what makes attaching impossible, before anything is read or written: {@code kernel.attach: false}, other
     * transports than stdio configured, a socket path too long, no Unix domain sockets.
     *
     * @param transportGiven whether the command line chose the transport ({@code --transport stdio})
     * @throws AttachFailure (falling back) saying why attaching is impossible
     */
    void checkAttachable(boolean transportGiven) throws AttachFailure {
        if (!config.kernel().attach()) {
            throw new AttachFailure("kernel.attach is false", true);
        }
        if (!transportGiven && !config.kernel().transports().equals(List.of("stdio"))) {
            throw new AttachFailure("kernel.transports is " + config.kernel().transports() + ", not [stdio]", true);
        }
        if (!paths.socketFits()) {
            throw new AttachFailure(
                    "the socket path " + paths.socket() + " is longer than " + AttachPaths.MAX_SOCKET_PATH_BYTES
                            + " bytes",
                    true);
        }
        try {
            SocketChannel.open(StandardProtocolFamily.UNIX).close();
        } catch (IOException | UnsupportedOperationException e) {
            throw new AttachFailure("this system has no Unix domain sockets (" + e.getMessage() + ")", true);
        }
    }

    /**
     * @param environment the client's environment
     * @return what starts this target's server
     */
    ProcessSpawner spawner(Map<String, String> environment) {
        SessionDeclarations declarations =
                SessionDeclarations.read(config.kernel().pluginsDir());
        List<String> withheld = new ArrayList<>(declarations.settingVariables());
        withheld.addAll(declarations.variables());
        return new ProcessSpawner(
                config.home().resolve("bin/switchboard"),
                locations,
                config.kernel().stateDir(),
                environment,
                withheld);
    }

    private static List<String> locations(String[] args) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            for (String option : LOCATION_OPTIONS) {
                String value = null;
                if (args[i].equals(option) && i + 1 < args.length) {
                    value = args[i + 1];
                } else if (args[i].startsWith(option + "=")) {
                    value = args[i].substring(option.length() + 1);
                }
                if (value != null) {
                    out.add(option);
                    out.add(Path.of(value).toAbsolutePath().normalize().toString());
                }
            }
        }
        return out;
    }
}
