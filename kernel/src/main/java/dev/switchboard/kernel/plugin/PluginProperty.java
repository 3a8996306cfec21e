package dev.switchboard.kernel.plugin;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Properties;
import java.util.jar.JarFile;

/**
 * Reads one Switchboard-specific value of a plugin's descriptor, which PF4J itself ignores: a property of
 * {@code plugin.properties} for a plugin directory (an expanded zip), or an attribute of a jar plugin's manifest.
 * Stateless.
 */
final class PluginProperty {

    private PluginProperty() {
    }

    /**
     * @param pluginPath        the plugin's directory or jar
     * @param property          the property name in {@code plugin.properties}, such as {@code plugin.module}
     * @param manifestAttribute the attribute name in a jar's manifest, such as {@code Plugin-Module}
     * @return the trimmed value, or empty when absent or blank
     * @throws PluginStartException if the descriptor cannot be read
     */
    static Optional<String> of(Path pluginPath, String property, String manifestAttribute) {
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
                return nonBlank(properties.getProperty(property));
            }
            try (JarFile jar = new JarFile(pluginPath.toFile())) {
                return jar.getManifest() == null ? Optional.empty()
                        : nonBlank(jar.getManifest().getMainAttributes().getValue(manifestAttribute));
            }
        } catch (IOException e) {
            throw new PluginStartException("cannot read the descriptor of plugin at " + pluginPath, e);
        }
    }

    private static Optional<String> nonBlank(String value) {
        return value == null || value.isBlank() ? Optional.empty() : Optional.of(value.trim());
    }
}
