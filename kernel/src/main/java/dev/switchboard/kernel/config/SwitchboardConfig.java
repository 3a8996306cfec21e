package dev.switchboard.kernel.config;

import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The whole configuration, read once at start-up. Immutable.
 *
 * @param home    the installation directory (holds {@code config/}, {@code plugins/}, {@code lib/})
 * @param source  the configuration file that was read, or null when none existed
 * @param kernel  the kernel's settings
 * @param plugins each plugin's subtree ({@code plugins.<id>}), as JSON-like maps
 */
public record SwitchboardConfig(
        Path home, Path source, KernelSettings kernel, Map<String, Map<String, Object>> plugins) {

    /** @throws NullPointerException if {@code home}, {@code kernel} or {@code plugins} is null */
    public SwitchboardConfig {
        Objects.requireNonNull(home, "home");
        Objects.requireNonNull(kernel, "kernel");
        plugins = Map.copyOf(plugins);
    }

    /**
     * @param pluginId a plugin id
     * @return the plugin's subtree, empty when not configured
     */
    public Map<String, Object> pluginConfig(String pluginId) {
        return plugins.getOrDefault(pluginId, Map.of());
    }

    /**
     * @param newKernel kernel settings to use instead
     * @return this configuration with other kernel settings
     */
    public SwitchboardConfig withKernel(KernelSettings newKernel) {
        return new SwitchboardConfig(home, source, newKernel, plugins);
    }

    /**
     * Sets one top-level key of a plugin's subtree, as a command-line override such as {@code serve --port} does.
     *
     * @param pluginId the plugin id, such as {@code transport-http}
     * @param key      a top-level key of its subtree, such as {@code port}
     * @param value    the value, a string, number, boolean, list or map
     * @return this configuration with the key set (added or replaced); this one is unchanged
     * @throws NullPointerException if an argument is null
     */
    public SwitchboardConfig withPluginSetting(String pluginId, String key, Object value) {
        Objects.requireNonNull(pluginId, "pluginId");
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(value, "value");
        Map<String, Object> subtree = new LinkedHashMap<>(pluginConfig(pluginId));
        subtree.put(key, value);
        Map<String, Map<String, Object>> all = new LinkedHashMap<>(plugins);
        all.put(pluginId, Collections.unmodifiableMap(subtree));
        return new SwitchboardConfig(home, source, kernel, all);
    }
}
