package dev.switchboard.kernel.attach;

import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

import dev.switchboard.kernel.config.PluginDescriptors;
import dev.switchboard.kernel.config.UnknownSettingException;

/**
 * What each plugin zip of a plugins directory declares a session sets for itself, read from the zip's root
 * {@code plugin.properties} with {@link ZipFile} (no PF4J): {@code plugin.session-settings}, comma-separated keys of
 * the plugin's {@code plugins.<id>} subtree (mailbox: {@code role,channel}), and {@code plugin.session-variables},
 * other environment variables it reads per session (mailbox: {@code AI_AGENT_CHANNEL_ROLE}). Immutable.
 *
 * @param settings  per plugin id, its declared session settings (plugins that declare none are absent)
 * @param variables every declared session variable, of all plugins
 */
public record SessionDeclarations(Map<String, Set<String>> settings, Set<String> variables) {

    /** The property naming a plugin's per-session setting keys. */
    public static final String SETTINGS_PROPERTY = "plugin.session-settings";

    /** The property naming other environment variables a plugin reads per session. */
    public static final String VARIABLES_PROPERTY = "plugin.session-variables";

    /** Copies both collections; iteration follows plugin id and declaration order. */
    public SessionDeclarations {
        settings = Map.copyOf(new TreeMap<>(settings));
        variables = Set.copyOf(variables);
    }

    /**
     * @param pluginsDir the plugins directory; absent or unreadable means no declarations
     * @return the declarations of every {@code *.zip} directly in it that has a {@code plugin.properties} with a
     *     {@code plugin.id}
     * @throws UncheckedIOException if a zip cannot be read (a corrupt zip fails the server's start too)
     */
    public static SessionDeclarations read(Path pluginsDir) {
        Map<String, Set<String>> settings = new TreeMap<>();
        Set<String> variables = new LinkedHashSet<>();
        PluginDescriptors.read(pluginsDir).byId().forEach((id, properties) -> {
            List<String> keys = PluginDescriptors.split(properties.getProperty(SETTINGS_PROPERTY));
            if (!keys.isEmpty()) {
                settings.put(id, new LinkedHashSet<>(keys));
            }
            variables.addAll(PluginDescriptors.split(properties.getProperty(VARIABLES_PROPERTY)));
        });
        return new SessionDeclarations(settings, variables);
    }

    /**
     * @param pluginId a plugin id
     * @return the plugin's declared session settings, empty when it declares none
     */
    public Set<String> settingsOf(String pluginId) {
        return settings.getOrDefault(pluginId, Set.of());
    }

    /**
     * The environment variables through which a session sets a declared session setting:
     * {@code SWITCHBOARD_PLUGINS__<ID>__<KEY>}, with the configuration's spelling rules (upper case, hyphens as single
     * underscores), for every declared setting of every plugin.
     *
     * @return the variable names, in plugin id and declaration order
     */
    public List<String> settingVariables() {
        List<String> names = new ArrayList<>();
        settings.forEach((id, keys) -> keys.forEach(key -> names.add(settingVariable(id, key))));
        return names;
    }

    /**
     * @param pluginId a plugin id, such as {@code mailbox}
     * @param key      a top-level key of its subtree, such as {@code role}
     * @return the environment variable that sets {@code plugins.<pluginId>.<key>}, such as
     *     {@code SWITCHBOARD_PLUGINS__MAILBOX__ROLE}
     */
    public static String settingVariable(String pluginId, String key) {
        return "SWITCHBOARD_PLUGINS__" + envName(pluginId) + "__" + envName(key);
    }

    /**
     * The refusal the in-process start gives a variable of a session's environment that sets a key below a declared
     * session setting ({@code SWITCHBOARD_PLUGINS__MAILBOX__ROLE__X}): a session attached to a shared server is
     * refused the same way, instead of being served as if the setting were unset.
     *
     * @param environment an attached session's environment
     * @return the first such variable's refusal, by name, if any
     */
    public Optional<String> keyBelowASetting(Map<String, String> environment) {
        Map<String, String> settingOf = new TreeMap<>();
        settings.forEach((id, keys) ->
                keys.forEach(key -> settingOf.put(settingVariable(id, key), "plugins." + id + "." + key)));
        return environment.keySet().stream()
                .sorted()
                .flatMap(name -> settingOf.entrySet().stream()
                        .filter(setting -> name.startsWith(setting.getKey() + "__"))
                        .map(setting -> UnknownSettingException.belowSetting(
                                        setting.getValue()
                                                + dotted(name.substring(
                                                        setting.getKey().length())),
                                        "(environment variable " + name + ")",
                                        setting.getValue())
                                .getMessage()))
                .findFirst();
    }

    /** @return {@code __X__Y_Z} as {@code .x.y-z}, by the configuration's spelling rules */
    private static String dotted(String levels) {
        StringBuilder out = new StringBuilder();
        for (String level : levels.substring(2).split("__", -1)) {
            out.append('.').append(level.toLowerCase(Locale.ROOT).replace('_', '-'));
        }
        return out.toString();
    }

    private static String envName(String name) {
        return name.replace('-', '_').toUpperCase(Locale.ROOT);
    }

    /**
     * @param pluginsDir a plugins directory
     * @return its {@code *.zip} regular files, sorted by name; empty when the directory is absent
     * @throws UncheckedIOException if the directory exists but cannot be listed
     */
    static List<Path> zips(Path pluginsDir) {
        return PluginDescriptors.zips(pluginsDir);
    }
}
