package dev.switchboard.ports.transport;

import java.io.InputStream;
import java.io.PrintWriter;
import java.util.List;
import java.util.Optional;

import dev.switchboard.ports.call.LocalSession;

/**
 * The {@link dev.switchboard.ports.cli.LocalCommand}s of the started plugins, for a transport that lets local
 * processes of the server's user ask the server to run a command for them (the attach socket, ADR 41). Thread-safe.
 */
@FunctionalInterface
public interface LocalCommandCatalog {

    /** A catalog that answers nothing. */
    LocalCommandCatalog NONE = (commandLine, session, in, out, err) -> Optional.empty();

    /**
     * Offers the command line to each started plugin's local commands in turn, until one answers.
     *
     * @param commandLine the process's arguments after the program name
     * @param session     the asking process's directory and environment
     * @param in          its standard input, as it sent it
     * @param out         the command's standard output
     * @param err         the command's standard error
     * @return the exit status of the command that answered, or empty when none did (nothing was written)
     */
    Optional<Integer> run(
            List<String> commandLine, LocalSession session, InputStream in, PrintWriter out, PrintWriter err);
}
