package dev.switchboard.kernel.plugin;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import org.pf4j.PluginWrapper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import com.google.inject.ConfigurationException;
import com.google.inject.Injector;
import com.google.inject.ProvisionException;

import dev.switchboard.kernel.config.SwitchboardConfig;

/**
 * The plugins found in the plugins directory and those past phase one (their injector built, their PF4J start run),
 * and the lookup of what their injectors build: an instance of a type, the extensions of an extension point. The
 * {@link PluginHost} changes it as plugins start, fail and stop; commands and kernel services read it. Thread-safe:
 * the prepared plugins are kept in concurrent collections, written by one lifecycle step at a time.
 */
@Singleton
public final class PreparedPlugins {

    private static final Logger LOG = LoggerFactory.getLogger(PreparedPlugins.class);

    private final SwitchboardPluginManager manager;
    private final StoragePlugins storagePlugins;
    private final Map<String, Injector> injectors = new ConcurrentHashMap<>();
    private final List<String> startOrder = new CopyOnWriteArrayList<>();

    /** @param config the configuration, whose plugins directory PF4J loads */
    @Inject
    public PreparedPlugins(SwitchboardConfig config) {
        this.manager = new SwitchboardPluginManager(config.kernel().pluginsDir(), injectors::get);
        this.storagePlugins = new StoragePlugins(manager);
    }

    /**
     * @param pluginId a plugin past phase one
     * @param type     a type its injector can build
     * @param <T>      that type
     * @return the instance its injector builds
     * @throws IllegalStateException if the plugin has no injector (not loaded, or failed in phase one), or its
     *         injector cannot build the type
     * @throws RuntimeException      what the type's constructor threw (a storage failure, say), unwrapped from
     *                               Guice's report
     */
    public <T> T instance(String pluginId, Class<T> type) {
        Injector injector = injectors.get(pluginId);
        if (injector == null) {
            throw new IllegalStateException("plugin " + pluginId + " has not been prepared");
        }
        try {
            return injector.getInstance(type);
        } catch (ProvisionException e) {
            if (e.getCause() instanceof RuntimeException cause) {
                throw cause;
            }
            throw e;
        } catch (ConfigurationException e) {
            throw new IllegalStateException(
                    "plugin " + pluginId + " cannot build " + type.getName() + ": " + e.getMessage(), e);
        }
    }

    /**
     * @param type an extension point
     * @param <T>  its type
     * @return the extensions of that type of every plugin past phase one that has not failed, by plugin id (sorted),
     *         built by each plugin's injector
     */
    public <T> SortedMap<String, List<T>> extensions(Class<T> type) {
        SortedMap<String, List<T>> found = new TreeMap<>();
        for (String id : startOrder) {
            List<T> of = extensionsOf(id, type);
            if (!of.isEmpty()) {
                found.put(id, of);
            }
        }
        return found;
    }

    /**
     * @param pluginId a plugin past phase one
     * @param type     an extension point
     * @param <T>      its type
     * @return that plugin's extensions of the type, newly built by its injector; empty for a plugin PF4J has not
     *         started
     * @throws RuntimeException what building one threw (Guice's report, a setting the plugin refused)
     */
    public <T> List<T> extensionsOf(String pluginId, Class<T> type) {
        return manager.getExtensions(type, pluginId);
    }

    /** @return the ids of the plugins past phase one that have not failed, in start order */
    public List<String> ids() {
        return List.copyOf(startOrder);
    }

    /** @return the lookup of plugin {@code id}'s extensions, as {@link PluginAssembler} takes it */
    PluginExtensions extensionsOf(String id) {
        return new PluginExtensions() {
            @Override
            public <T> List<T> of(Class<T> type) {
                return extensionsOf(id, type);
            }
        };
    }

    /** Loads the plugins directory (PF4J reads the descriptors and makes the class loaders). */
    void load() {
        manager.loadPlugins();
    }

    SwitchboardPluginManager manager() {
        return manager;
    }

    /** @return every plugin loaded, storage plugins first, then by id */
    List<PluginWrapper> inStartOrder() {
        List<PluginWrapper> plugins = new ArrayList<>(manager.getPlugins());
        plugins.sort(Comparator.comparing((PluginWrapper p) -> !storagePlugins.contains(p))
                .thenComparing(PluginWrapper::getPluginId));
        return plugins;
    }

    /** @return whether the plugin is enabled and PF4J resolved its dependencies */
    boolean usable(PluginWrapper plugin) {
        return plugin.getPluginState() != org.pf4j.PluginState.DISABLED
                && manager.getResolvedPlugins().contains(plugin);
    }

    boolean isStorage(String pluginId) {
        return storagePlugins.contains(pluginId);
    }

    PluginWrapper plugin(String pluginId) {
        return manager.getPlugin(pluginId);
    }

    /** @return the plugin's injector, or null when phase one never built it */
    Injector injector(String pluginId) {
        return injectors.get(pluginId);
    }

    /** Records the injector phase one built, before the plugin's PF4J start runs. */
    void injectorBuilt(String pluginId, Injector injector) {
        injectors.put(pluginId, injector);
    }

    /** Records that phase one ended: the plugin's extensions can be built. */
    void prepared(String pluginId) {
        startOrder.add(pluginId);
    }

    /** @return whether the plugin was past phase one (it is no longer) */
    boolean unprepared(String pluginId) {
        return startOrder.remove(pluginId);
    }

    /** Stops the plugin's PF4J lifecycle, logging (not throwing) what its {@code stop()} threw. */
    void stopQuietly(String pluginId) {
        try {
            manager.stopPlugin(pluginId);
        } catch (RuntimeException e) {
            LOG.warn("plugin {} did not stop cleanly", pluginId, e);
        }
    }

    /** Forgets every prepared plugin (their injectors stay, for the names of a failed plugin's tools). */
    List<String> clear() {
        List<String> was = List.copyOf(startOrder);
        startOrder.clear();
        return was;
    }
}
