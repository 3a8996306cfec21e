package dev.switchboard.ports.plugin;

import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A plugin's view of the host, bound in the plugin's own injector. Immutable and thread-safe.
 *
 * @param pluginId the plugin's PF4J id, such as {@code handoff}
 * @param config   the plugin's configuration subtree ({@code plugins.<id>} in {@code application.yaml}, after
 *                 environment overrides) as a JSON-like tree; empty when not configured
 * @param stateDir the server's state directory (owner-only, 0700), such as {@code ~/.switchboard}
 */
public record PluginContext(String pluginId, Map<String, Object> config, Path stateDir) {

    /** @throws NullPointerException if a component is null */
    public PluginContext {
        Objects.requireNonNull(pluginId, "pluginId");
        config = Map.copyOf(config);
        Objects.requireNonNull(stateDir, "stateDir");
    }

    /**
     * @param key a top-level key of the plugin's subtree
     * @return its value as a string, or empty when absent
     */
    public Optional<String> setting(String key) {
        return Optional.ofNullable(config.get(key)).map(String::valueOf);
    }

    /** @return typed reads of the plugin's configuration subtree, refusing malformed values with a clear message */
    public PluginSettings settings() {
        return new PluginSettings(pluginId, config);
    }
}
