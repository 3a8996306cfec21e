package dev.switchboard.kernel.plugin;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

import org.pf4j.CompoundPluginLoader;
import org.pf4j.DefaultPluginManager;
import org.pf4j.DefaultPluginRepository;
import org.pf4j.ExtensionFactory;
import org.pf4j.PluginLoader;
import org.pf4j.PluginRepository;
import org.pf4j.PluginWrapper;
import org.pf4j.RuntimeMode;

import com.google.inject.Injector;

/**
 * PF4J's manager, set up for Switchboard: plugins are zips (or expanded folders) in one directory, enabled and
 * disabled through {@code enabled.txt}/{@code disabled.txt} there, loaded host-first for shared APIs, and their
 * extensions are built by each plugin's own Guice injector.
 *
 * <p>PF4J calls the {@code create*} factory methods from its constructor, before this class's fields are set, so the
 * injector lookup is passed as a function and only called later (trap 4 in the design notes).
 */
final class SwitchboardPluginManager extends DefaultPluginManager {

    private final Function<String, Injector> injectors;
    private final Map<Path, String> loadFailures = new LinkedHashMap<>();

    SwitchboardPluginManager(Path pluginsRoot, Function<String, Injector> injectors) {
        super(pluginsRoot);
        this.injectors = injectors;
    }

    /**
     * Loads every plugin found, recording (instead of only logging, as PF4J does) each one that cannot be loaded, so
     * that operators see it as failed.
     */
    @Override
    public void loadPlugins() {
        if (getPluginsRoots().stream().noneMatch(Files::isDirectory)) {
            return;
        }
        for (Path path : pluginRepository.getPluginPaths()) {
            try {
                loadPluginFromPath(path);
            } catch (RuntimeException | LinkageError e) {
                loadFailures.put(path, String.valueOf(e.getMessage()));
            }
        }
        resolvePlugins();
    }

    /** @return the paths that could not be loaded as plugins, with the reason */
    Map<Path, String> loadFailures() {
        return Map.copyOf(loadFailures);
    }

    @Override
    public RuntimeMode getRuntimeMode() {
        return RuntimeMode.DEPLOYMENT;
    }

    @Override
    protected PluginRepository createPluginRepository() {
        return new DefaultPluginRepository(getPluginsRoots());
    }

    @Override
    protected PluginLoader createPluginLoader() {
        return new CompoundPluginLoader().add(new SharedApiPluginLoader(this));
    }

    @Override
    protected ExtensionFactory createExtensionFactory() {
        return new GuiceExtensionFactory(this::injectorOf);
    }

    private Injector injectorOf(Class<?> extensionClass) {
        PluginWrapper plugin = whichPlugin(extensionClass);
        if (plugin == null) {
            throw new PluginStartException("extension " + extensionClass.getName() + " belongs to no plugin");
        }
        Injector injector = injectors.apply(plugin.getPluginId());
        if (injector == null) {
            throw new PluginStartException("plugin '" + plugin.getPluginId() + "' has no injector yet");
        }
        return injector;
    }
}
