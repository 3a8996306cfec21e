package dev.switchboard.kernel.plugin;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.pf4j.PluginManager;
import org.pf4j.PluginWrapper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.switchboard.ports.storage.StorageProvider;

/**
 * Tells storage adapter plugins apart from the others before they start (PF4J lists the extensions of started
 * plugins only), by loading the classes named in a plugin's extension index. Storage plugins start first and stop
 * last. Thread-safe; answers are cached per plugin id.
 */
final class StoragePlugins {

    private static final Logger LOG = LoggerFactory.getLogger(StoragePlugins.class);

    private final PluginManager manager;
    private final Map<String, Boolean> known = new ConcurrentHashMap<>();

    StoragePlugins(PluginManager manager) {
        this.manager = manager;
    }

    boolean contains(PluginWrapper plugin) {
        return known.computeIfAbsent(plugin.getPluginId(), id -> declaresStorage(plugin));
    }

    boolean contains(String pluginId) {
        PluginWrapper plugin = manager.getPlugin(pluginId);
        return plugin != null && contains(plugin);
    }

    private boolean declaresStorage(PluginWrapper plugin) {
        for (String name : manager.getExtensionClassNames(plugin.getPluginId())) {
            try {
                if (StorageProvider.class.isAssignableFrom(Class.forName(name, false, plugin.getPluginClassLoader()))) {
                    return true;
                }
            } catch (ClassNotFoundException | LinkageError e) {
                LOG.debug("extension class {} of plugin {} cannot be loaded yet", name, plugin.getPluginId(), e);
            }
        }
        return false;
    }
}
