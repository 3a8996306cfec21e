package dev.switchboard.kernel.plugin;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.InvocationTargetException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Properties;
import java.util.jar.JarFile;

import org.pf4j.PluginWrapper;

import com.google.inject.Module;

/**
 * Finds and instantiates a plugin's Guice module, named by {@code plugin.module} in the plugin's
 * {@code plugin.properties} (or {@code Plugin-Module} in a jar plugin's manifest), in the spirit of Gerrit's
 * {@code Gerrit-Module}. A plugin without one gets no bindings of its own.
 */
final class PluginModuleLoader {

    static final String PROPERTY = "plugin.module";
    static final String MANIFEST_ATTRIBUTE = "Plugin-Module";

    Optional<Module> load(PluginWrapper plugin) {
        Optional<String> name = descriptorValue(plugin.getPluginPath(), PROPERTY, MANIFEST_ATTRIBUTE);
        if (name.isEmpty()) {
            return Optional.empty();
        }
        try {
            Class<?> type = plugin.getPluginClassLoader().loadClass(name.get());
            if (!Module.class.isAssignableFrom(type)) {
                throw new PluginStartException(
                        "plugin '" + plugin.getPluginId() + "': " + name.get() + " is not a Guice module");
            }
            return Optional.of((Module) type.getDeclaredConstructor().newInstance());
        } catch (ClassNotFoundException e) {
            throw new PluginStartException(
                    "plugin '" + plugin.getPluginId() + "': module class " + name.get() + " not found", e);
        } catch (ReflectiveOperationException e) {
            Throwable cause = e instanceof InvocationTargetException ite ? ite.getCause() : e;
            throw new PluginStartException(
                    "plugin '" + plugin.getPluginId() + "': cannot create module " + name.get() + ": " + cause, cause);
        }
    }

    /**
     * @param pluginPath the plugin's directory or jar
     * @param property   a key of its {@code plugin.properties} (a directory plugin)
     * @param attribute  the manifest attribute that plays that key's part in a jar plugin
     * @return the value, trimmed, when it is present and not blank
     * @throws PluginStartException if the descriptor cannot be read
     */
    static Optional<String> descriptorValue(Path pluginPath, String property, String attribute) {
        return descriptorEntry(pluginPath, property, attribute).flatMap(PluginModuleLoader::nonBlank);
    }

    /**
     * @param pluginPath the plugin's directory or jar
     * @param property   a key of its {@code plugin.properties} (a directory plugin)
     * @param attribute  the manifest attribute that plays that key's part in a jar plugin
     * @return the value as written, blank included, when the key is present; empty when it is absent
     * @throws PluginStartException if the descriptor cannot be read
     */
    static Optional<String> descriptorEntry(Path pluginPath, String property, String attribute) {
        try {
            if (Files.isDirectory(pluginPath)) {
                Path file = pluginPath.resolve("plugin.properties");
                if (!Files.isRegularFile(file)) {
                    return Optional.empty();
                }
                Properties properties = new Properties();
                try (InputStream in = Files.newInputStream(file)) {
                    properties.load(in);
                }
                return Optional.ofNullable(properties.getProperty(property));
            }
            try (JarFile jar = new JarFile(pluginPath.toFile())) {
                return jar.getManifest() == null
                        ? Optional.empty()
                        : Optional.ofNullable(
                                jar.getManifest().getMainAttributes().getValue(attribute));
            }
        } catch (IOException e) {
            throw new PluginStartException("cannot read the descriptor of plugin at " + pluginPath, e);
        }
    }

    private static Optional<String> nonBlank(String value) {
        return value.isBlank() ? Optional.empty() : Optional.of(value.trim());
    }
}
