package dev.switchboard.kernel.catalog;

import java.io.InputStream;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import jakarta.inject.Singleton;

import dev.switchboard.ports.call.LocalSession;
import dev.switchboard.ports.cli.LocalCommand;
import dev.switchboard.ports.transport.LocalCommandCatalog;

/**
 * The {@link LocalCommand}s of started plugins (ADR 41), in the order the plugins started; a command line is offered to
 * each in turn until one answers. Lookups read an immutable snapshot. Thread-safe.
 */
@Singleton
public final class LocalCommandRegistry implements LocalCommandCatalog {

    private record Entry(String owner, LocalCommand command) {}

    private volatile List<Entry> entries = List.of();

    /**
     * @param owner       the plugin id
     * @param contributed its local commands
     */
    public synchronized void register(String owner, List<LocalCommand> contributed) {
        List<Entry> next = new ArrayList<>(entries);
        contributed.forEach(command -> next.add(new Entry(owner, command)));
        entries = List.copyOf(next);
    }

    /** @param owner the plugin whose local commands to withdraw */
    public synchronized void unregister(String owner) {
        entries = entries.stream().filter(e -> !e.owner().equals(owner)).toList();
    }

    @Override
    public Optional<Integer> run(
            List<String> commandLine, LocalSession session, InputStream in, PrintWriter out, PrintWriter err) {
        for (Entry entry : entries) {
            Optional<Integer> status = entry.command().run(commandLine, session, in, out, err);
            if (status.isPresent()) {
                return status;
            }
        }
        return Optional.empty();
    }
}
