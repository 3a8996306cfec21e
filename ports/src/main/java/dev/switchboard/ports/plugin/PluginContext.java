package dev.switchboard.ports.plugin;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

import dev.switchboard.ports.call.LocalSession;
import dev.switchboard.ports.call.Principal;

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

    /**
     * The settings as one caller sees them (ADR 32). A local stdio session attached to a shared server sets a
     * plugin's declared session settings ({@code plugin.session-settings} in its {@code plugin.properties}) for itself,
     * in its own environment, by the same variables that override the configuration of a server it runs in-process:
     * {@link #settingVariable}. Each of {@code sessionKeys} that the caller's
     * {@linkplain Principal#localSession() session} sets is its value there (a string, as every environment override
     * is, even an empty one); every other key, and every key the session leaves unset, is the process's value, as in
     * {@link #settings()}. A caller without a session (the in-process session, a network caller) gets
     * {@link #settings()}.
     *
     * <p>Reads the session's environment at each call and copies the tree only when the session sets a key; a plugin
     * that asks on every call may keep what it derives per {@link LocalSession}. Thread-safe.
     *
     * @param caller      the caller
     * @param sessionKeys dotted keys of the plugin's subtree that a session may set, such as {@code role}
     * @return the caller's view of the plugin's settings
     * @throws NullPointerException if an argument or a key is null
     */
    public PluginSettings settingsFor(Principal caller, Set<String> sessionKeys) {
        Objects.requireNonNull(sessionKeys, "sessionKeys");
        Optional<LocalSession> session = caller.localSession();
        if (session.isEmpty()) {
            return settings();
        }
        Map<String, Object> tree = config;
        for (String key : sessionKeys) {
            Optional<String> value = session.get().variable(settingVariable(pluginId, key));
            if (value.isPresent()) {
                tree = with(tree, key.split("\\."), 0, value.get());
            }
        }
        return tree == config ? settings() : new PluginSettings(pluginId, tree);
    }

    /**
     * The environment variable that sets a key of a plugin's configuration subtree, by the kernel's rule for
     * environment overrides: {@code SWITCHBOARD_PLUGINS__<ID>__<KEY>}, the id and each level of the dotted key
     * upper-cased with {@code '-'} as {@code '_'}, levels joined by {@code __} (ADR 32). Pure; thread-safe.
     *
     * @param pluginId a plugin's id, such as {@code mailbox}
     * @param key      a dotted key of its subtree, such as {@code role} or {@code receipts.max-count}
     * @return the variable's name, such as {@code SWITCHBOARD_PLUGINS__MAILBOX__ROLE}
     * @throws NullPointerException if an argument is null
     */
    public static String settingVariable(String pluginId, String key) {
        StringBuilder name = new StringBuilder("SWITCHBOARD_PLUGINS__").append(level(pluginId));
        for (String part : key.split("\\.")) {
            name.append("__").append(level(part));
        }
        return name.toString();
    }

    private static String level(String part) {
        return part.toUpperCase(Locale.ROOT).replace('-', '_');
    }

    /** @return a copy of {@code node} with {@code value} at {@code parts[i..]}, sharing every untouched subtree */
    @SuppressWarnings("unchecked")
    private static Map<String, Object> with(Map<String, Object> node, String[] parts, int i, String value) {
        Map<String, Object> copy = new LinkedHashMap<>(node);
        if (i == parts.length - 1) {
            copy.put(parts[i], value);
        } else {
            Map<String, Object> below =
                    node.get(parts[i]) instanceof Map<?, ?> map ? (Map<String, Object>) map : Map.of();
            copy.put(parts[i], with(below, parts, i + 1, value));
        }
        return copy;
    }
}
