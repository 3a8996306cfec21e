package dev.switchboard.kernel.plugin;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.pf4j.PluginWrapper;

/**
 * The plugins directory as operators manage it: which plugins are installed, and which are enabled. Enabling and
 * disabling are persistent (PF4J's {@code disabled.txt} in the directory, edited a line at a time so its comments
 * stay) and take effect on the next start.
 * Nothing is started. Not thread-safe; for the CLI.
 */
public final class PluginDirectory {

    /**
     * One installed plugin.
     *
     * @param id          its id
     * @param version     its version
     * @param description what it does
     * @param enabled     whether it starts with the server
     * @param storage     whether it provides a storage backend (other plugins may need it)
     */
    public record Entry(String id, String version, String description, boolean enabled, boolean storage) {}

    /** PF4J's list of disabled plugin ids, one a line; lines starting with {@code #} are comments. */
    private static final String DISABLED_FILE = "disabled.txt";

    private final Path root;

    /** @param root the plugins directory */
    public PluginDirectory(Path root) {
        this.root = root;
    }

    /** @return the installed plugins, sorted by id */
    public List<Entry> list() {
        SwitchboardPluginManager manager = new SwitchboardPluginManager(root, id -> null);
        manager.loadPlugins();
        try {
            StoragePlugins storage = new StoragePlugins(manager);
            return manager.getPlugins().stream()
                    .sorted(Comparator.comparing(PluginWrapper::getPluginId))
                    .map(p -> new Entry(
                            p.getPluginId(),
                            p.getDescriptor().getVersion(),
                            p.getDescriptor().getPluginDescription(),
                            p.getPluginState() != org.pf4j.PluginState.DISABLED,
                            storage.contains(p)))
                    .toList();
        } finally {
            manager.unloadPlugins();
        }
    }

    /**
     * Removes the plugin's line from {@code disabled.txt}; comments and other lines stay as they are.
     *
     * @param id a plugin id
     * @return the plugin as it was before (whether it was enabled already)
     * @throws IllegalArgumentException if no such plugin is installed
     * @throws UncheckedIOException     if {@code disabled.txt} cannot be read or written
     */
    public Entry enable(String id) {
        Entry plugin = requireInstalled(id);
        List<String> lines = disabledLines();
        List<String> kept =
                lines.stream().filter(line -> !line.strip().equals(id)).toList();
        if (kept.size() != lines.size()) {
            writeDisabled(kept);
        }
        return plugin;
    }

    /**
     * Adds the plugin's line to {@code disabled.txt}, unless it is there already.
     *
     * @param id a plugin id
     * @return the plugin as it was before
     * @throws IllegalArgumentException if no such plugin is installed
     * @throws UncheckedIOException     if {@code disabled.txt} cannot be read or written
     */
    public Entry disable(String id) {
        Entry plugin = requireInstalled(id);
        List<String> lines = disabledLines();
        if (lines.stream().noneMatch(line -> line.strip().equals(id))) {
            List<String> more = new ArrayList<>(lines);
            more.add(id);
            writeDisabled(more);
        }
        return plugin;
    }

    private Path disabledFile() {
        return root.resolve(DISABLED_FILE);
    }

    private List<String> disabledLines() {
        try {
            return Files.exists(disabledFile())
                    ? Files.readAllLines(disabledFile(), StandardCharsets.UTF_8)
                    : List.of();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + disabledFile() + ": " + e.getMessage(), e);
        }
    }

    /** Replaces the file whole (written beside it, then moved over it), so a reader never sees half of it. */
    private void writeDisabled(List<String> lines) {
        Path next = root.resolve(DISABLED_FILE + ".next");
        try {
            try {
                Files.write(next, lines, StandardCharsets.UTF_8);
                Files.move(next, disabledFile(), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } finally {
                Files.deleteIfExists(next);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + disabledFile() + ": " + e.getMessage(), e);
        }
    }

    private Entry requireInstalled(String id) {
        List<Entry> installed = list();
        return installed.stream()
                .filter(e -> e.id().equals(id))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no plugin '" + id + "' is installed in " + root
                        + "; installed: "
                        + String.join(", ", installed.stream().map(Entry::id).toList())));
    }
}
