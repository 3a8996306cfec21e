package dev.switchboard.kernel.plugin;

import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;

import org.pf4j.DefaultPluginStatusProvider;
import org.pf4j.PluginStatusProvider;
import org.pf4j.PluginWrapper;

/**
 * The plugins directory as operators manage it: which plugins are installed, and which are enabled. Enabling and
 * disabling are persistent (PF4J's {@code disabled.txt} in the directory) and take effect on the next start.
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
     */
    public record Entry(String id, String version, String description, boolean enabled) {
    }

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
            return manager.getPlugins().stream()
                    .sorted(Comparator.comparing(PluginWrapper::getPluginId))
                    .map(p -> new Entry(p.getPluginId(), p.getDescriptor().getVersion(),
                            p.getDescriptor().getPluginDescription(),
                            p.getPluginState() != org.pf4j.PluginState.DISABLED))
                    .toList();
        } finally {
            manager.unloadPlugins();
        }
    }

    /**
     * @param id a plugin id
     * @throws IllegalArgumentException if no such plugin is installed
     */
    public void enable(String id) {
        requireInstalled(id);
        status().enablePlugin(id);
    }

    /**
     * @param id a plugin id
     * @throws IllegalArgumentException if no such plugin is installed
     */
    public void disable(String id) {
        requireInstalled(id);
        status().disablePlugin(id);
    }

    private PluginStatusProvider status() {
        return new DefaultPluginStatusProvider(root);
    }

    private void requireInstalled(String id) {
        List<Entry> installed = list();
        if (installed.stream().noneMatch(e -> e.id().equals(id))) {
            throw new IllegalArgumentException("no plugin '" + id + "' is installed in " + root + "; installed: "
                    + String.join(", ", installed.stream().map(Entry::id).toList()));
        }
    }
}
