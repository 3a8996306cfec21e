package dev.switchboard.kernel.plugin;

import java.util.List;
import java.util.Objects;

/**
 * One plugin as operators see it in {@code server_info}, {@code doctor} and {@code plugins list}. Immutable.
 *
 * @param id          the plugin id
 * @param version     the plugin's version
 * @param description what the plugin does
 * @param state       what became of it
 * @param error       why it failed, or null
 * @param tools       the wire names of its listed tools
 */
public record PluginStatus(
        String id, String version, String description, PluginState state, String error, List<String> tools) {

    /** @throws NullPointerException if {@code id}, {@code state} or {@code tools} is null */
    public PluginStatus {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(state, "state");
        tools = List.copyOf(tools);
    }

    /**
     * @param newState the state to report instead
     * @param newError the error to report instead, or null
     * @return this status in another state
     */
    public PluginStatus with(PluginState newState, String newError) {
        return new PluginStatus(id, version, description, newState, newError, tools);
    }

    /**
     * @param newTools the tools to report instead
     * @return this status with other tools
     */
    public PluginStatus withTools(List<String> newTools) {
        return new PluginStatus(id, version, description, state, error, newTools);
    }
}
