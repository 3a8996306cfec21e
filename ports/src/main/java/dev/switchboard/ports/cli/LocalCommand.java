package dev.switchboard.ports.cli;

import java.io.InputStream;
import java.io.PrintWriter;
import java.util.List;
import java.util.Optional;

import org.pf4j.ExtensionPoint;

import dev.switchboard.ports.call.LocalSession;

/**
 * Extension point of a command-line command that a running shared server answers for a local process of its own user
 * (ADR 41): {@code switchboard hook stop} or {@code switchboard status} ask the shared server over its attach socket
 * instead of opening the store themselves, and print what the server's answer holds. The command runs in the server,
 * on its started plugin, with the asking process's identity (its {@link LocalSession}: working directory and whole
 * environment, from which the plugin reads its session settings, {@code PluginContext.settingsFor}) and must print
 * exactly what the same command line prints when the process runs it itself.
 *
 * <p>A command answers only what it can answer exactly; anything else (a command line it does not take, a usage
 * error, a setting it cannot honour for this session) it declines with an empty answer, before it reads standard
 * input or writes anything, and the process then runs the command itself. Implementations are thread-safe: the server
 * runs many at once, each on its own thread.
 */
public interface LocalCommand extends ExtensionPoint {

    /**
     * @param commandLine the process's arguments after the program name, such as {@code [hook, stop]}
     * @param session     the asking process's directory and environment (may hold secrets: never log it)
     * @param in          the process's standard input, as it sent it (a hook's JSON), or empty
     * @param out         where the command's standard output goes, UTF-8
     * @param err         where its standard error goes, UTF-8
     * @return the exit status; empty when this command does not answer the command line for this session (then
     *     nothing was read or written)
     */
    Optional<Integer> run(
            List<String> commandLine, LocalSession session, InputStream in, PrintWriter out, PrintWriter err);
}
