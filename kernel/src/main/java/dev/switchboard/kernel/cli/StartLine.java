package dev.switchboard.kernel.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import dev.switchboard.kernel.plugin.PluginState;
import dev.switchboard.kernel.plugin.PluginStatus;
import dev.switchboard.secretfiles.SecretFile;

/**
 * The lines {@code serve} writes to stderr once its transports serve: one line saying where it serves (each
 * transport with its address and the real port), where its state is, and which plugins failed; and, when stdin is a
 * terminal and stdio serves, a hint that stdio expects an MCP client; and a warning when the state directory is not
 * owner-only. Stateless.
 */
final class StartLine {

    /** The system property the launcher sets to {@code true} when stdin is a terminal. */
    static final String STDIN_TERMINAL_PROPERTY = "switchboard.stdin.terminal";

    private StartLine() {}

    /**
     * @param endpoints the started transports, such as {@code [stdio, http http://127.0.0.1:8765/mcp]}
     * @param stateDir  the state directory
     * @param plugins   every plugin's status
     * @return {@code switchboard: serving stdio, http http://127.0.0.1:8765/mcp; state directory /home/me/.switchboard}
     *         followed, when plugins failed, by {@code ; failed plugins: a, b (see 'switchboard doctor')}
     */
    static String of(List<String> endpoints, Path stateDir, List<PluginStatus> plugins) {
        StringBuilder line = new StringBuilder("switchboard: serving ")
                .append(String.join(", ", endpoints))
                .append("; state directory ")
                .append(stateDir);
        List<String> failed = failed(plugins).stream().map(PluginStatus::id).toList();
        if (!failed.isEmpty()) {
            line.append("; failed plugins: ").append(String.join(", ", failed)).append(" (see 'switchboard doctor')");
        }
        return line.toString();
    }

    /**
     * @param endpoints      the started transports
     * @param stdinTerminal  whether stdin is a terminal
     * @return the hint for a person who started stdio serving by hand, or empty
     */
    static Optional<String> terminalHint(List<String> endpoints, boolean stdinTerminal) {
        if (!stdinTerminal || !endpoints.contains("stdio")) {
            return Optional.empty();
        }
        return Optional.of("switchboard: stdin is a terminal, but stdio serving expects an MCP client's JSON-RPC "
                + "messages, one per line (Ctrl-D ends). Configure this command in an MCP client instead, or run "
                + "'switchboard doctor' to check the installation.");
    }

    /**
     * @param stateDir the state directory, which {@code serve} has created owner-only when it was missing
     * @return a warning when group or others may enter or read it (its stores, tokens and sockets are the owner's
     *         alone; {@code switchboard doctor} reports the same), or empty when it is owner-only or its permissions
     *         cannot be read
     */
    static Optional<String> openStateDirectory(Path stateDir) {
        try {
            Set<PosixFilePermission> open = SecretFile.groupOrOthersAccess(stateDir);
            if (open.isEmpty()) {
                return Optional.empty();
            }
            return Optional.of("switchboard: warning: the state directory " + stateDir
                    + " is accessible to group or others " + open + "; what it holds is the owner's alone: run chmod"
                    + " go-rwx " + shellWord(stateDir.toString()));
        } catch (IOException | UnsupportedOperationException e) {
            return Optional.empty();
        }
    }

    /** @return {@code path} as one shell word: as it is when it needs no quoting, else in single quotes */
    static String shellWord(String path) {
        return path.matches("[A-Za-z0-9_./+:@%=,-]+") ? path : "'" + path.replace("'", "'\\''") + "'";
    }

    /** @return the plugins that failed, sorted by id */
    static List<PluginStatus> failed(List<PluginStatus> plugins) {
        return plugins.stream().filter(p -> p.state() == PluginState.FAILED).toList();
    }
}
