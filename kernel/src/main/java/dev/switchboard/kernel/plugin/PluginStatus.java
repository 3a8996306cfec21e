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
 * @param error       why it failed, for the operator ({@code doctor}, the log), or null
 * @param clientError why it failed as clients are told ({@code server_info}): no host, port or user of the storage;
 *                    null when {@code error} is
 * @param tools       the wire names of its listed tools
 */
public record PluginStatus(
        String id,
        String version,
        String description,
        PluginState state,
        String error,
        String clientError,
        List<String> tools) {

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
        return with(newState, newError, newError);
    }

    /**
     * @param newState       the state to report instead
     * @param newError       the operator's error to report instead, or null
     * @param newClientError the clients' error to report instead, or null
     * @return this status in another state
     */
    public PluginStatus with(PluginState newState, String newError, String newClientError) {
        return new PluginStatus(id, version, description, newState, newError, newClientError, tools);
    }

    /**
     * @param newTools the tools to report instead
     * @return this status with other tools
     */
    public PluginStatus withTools(List<String> newTools) {
        return new PluginStatus(id, version, description, state, error, clientError, newTools);
    }
}
