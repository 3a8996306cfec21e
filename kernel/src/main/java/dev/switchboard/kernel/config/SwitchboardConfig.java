package dev.switchboard.kernel.config;

import java.nio.file.Path;
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
public record SwitchboardConfig(Path home, Path source, KernelSettings kernel,
                                Map<String, Map<String, Object>> plugins) {

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
}
