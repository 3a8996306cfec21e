package dev.switchboard.kernel.config;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.snakeyaml.engine.v2.api.Load;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.exceptions.MarkedYamlEngineException;
import org.snakeyaml.engine.v2.exceptions.YamlEngineException;
import org.snakeyaml.engine.v2.schema.CoreSchema;

/**
 * Reads {@code config/application.yaml} (or a given file) and the environment into a {@link SwitchboardConfig}.
 * A key that names no setting (in the file or as a {@code SWITCHBOARD_*} variable) is refused
 * ({@link UnknownSettingException}), so that a typo does not silently fall back to a default. The YAML is
 * read with SnakeYAML Engine's core schema straight into maps, lists and scalars (keys as strings, a repeated key's
 * last value wins), not through Jackson databind, whose start-up cost would sit on the critical path of every start.
 * Thread-safe (stateless).
 */
public final class ConfigLoader {

    /** The configuration file's path relative to the installation directory. */
    public static final String DEFAULT_FILE = "config/application.yaml";

    /**
     * @param home     the installation directory
     * @param explicit a configuration file named on the command line, or null for {@code <home>/config/application.yaml}
     *                 (which may be absent: the defaults then apply)
     * @param env      the environment, for overrides and {@code HOME}
     * @param userHome the user's home directory, for {@code ~} and the default state directory
     * @return the configuration
     * @throws ConfigException if the file is unreadable or malformed, or a value is of the wrong shape
     */
    public SwitchboardConfig load(Path home, Path explicit, Map<String, String> env, Path userHome) {
        return load(home, explicit, env, userHome, null);
    }

    /**
     * As {@link #load(Path, Path, Map, Path)}, with the state directory given on the command line
     * ({@code --state-dir}), which comes before {@code SWITCHBOARD_KERNEL__STATE_DIR}, then {@code kernel.state-dir}
     * in the file, then {@code ~/.switchboard}. Everything relative to the state directory (the default token file,
     * the default database) follows it.
     *
     * @param stateDir the state directory to use, or null for the configured one
     */
    public SwitchboardConfig load(Path home, Path explicit, Map<String, String> env, Path userHome, Path stateDir) {
        Path file = explicit != null ? explicit : home.resolve(DEFAULT_FILE);
        if (explicit != null && !Files.isRegularFile(explicit)) {
            throw new ConfigException("configuration file not found: " + explicit);
        }
        boolean exists = Files.isRegularFile(file);
        return build(home, exists ? file : null, exists ? read(file) : new LinkedHashMap<>(), env, userHome, stateDir);
    }

    /**
     * @param userHome the user's home directory
     * @return the state directory when nothing sets {@code kernel.state-dir}: {@code <userHome>/.switchboard}, absolute
     *     and normalised
     */
    public static Path defaultStateDir(Path userHome) {
        return userHome.resolve(".switchboard").toAbsolutePath().normalize();
    }

    /**
     * The configuration of the defaults alone: no file, no environment overrides. For a command that must find its
     * plugin's subcommand when the configuration cannot be read, to fail with that subcommand's own status.
     *
     * @param home     the installation directory
     * @param userHome the user's home directory
     * @param stateDir the state directory given on the command line, or null
     * @return the configuration
     */
    public SwitchboardConfig defaults(Path home, Path userHome, Path stateDir) {
        return build(home, null, new LinkedHashMap<>(), Map.of(), userHome, stateDir);
    }

    private SwitchboardConfig build(
            Path home, Path file, Map<String, Object> tree, Map<String, String> env, Path userHome, Path stateDir) {
        ConfigOrigins origins = new ConfigOrigins(file, EnvironmentOverrides.apply(tree, env));
        Map<String, Object> kernel = section(tree, "kernel", origins);
        Object pluginsDir = kernel.get("plugins-dir");
        // a plugins-dir that is no single value is refused below, after the unknown keys (plugins-dir.x is one)
        refuseUnknown(
                tree,
                env,
                origins,
                path(
                        pluginsDir instanceof Map || pluginsDir instanceof List ? null : pluginsDir,
                        userHome,
                        home.resolve("plugins")));
        if (stateDir != null) {
            kernel = new LinkedHashMap<>(kernel);
            kernel.put("state-dir", stateDir.toString());
        }
        KernelSettings settings = kernelSettings(kernel, home, userHome, origins);
        Map<String, Map<String, Object>> plugins = new LinkedHashMap<>();
        section(tree, "plugins", origins)
                .forEach((id, sub) -> plugins.put(id, withoutNulls(asMap(sub, "plugins." + id, origins))));
        return new SwitchboardConfig(home, file, settings, plugins);
    }

    /**
     * Refuses every key that names no setting, in the file or the environment ({@link KnownSettings},
     * {@link EnvironmentNames}), so that a typo never falls back to a default.
     */
    private static void refuseUnknown(
            Map<String, Object> tree, Map<String, String> env, ConfigOrigins origins, Path pluginsDir) {
        PluginDescriptors installed;
        try {
            installed = PluginDescriptors.read(pluginsDir);
        } catch (UncheckedIOException e) {
            // an unreadable plugins directory or zip fails the plugins' start, which says so; the keys of
            // Switchboard's own plugins are still known by their ids
            installed = new PluginDescriptors(Map.of());
        }
        KnownSettings known = KnownSettings.with(installed);
        Object postgres = tree.get("plugins") instanceof Map<?, ?> plugins ? plugins.get("storage-postgres") : null;
        Object passwordEnv = postgres instanceof Map<?, ?> settings ? settings.get("password-env") : null;
        EnvironmentNames.refuseUnknown(
                env, passwordEnv == null ? null : String.valueOf(passwordEnv).strip(), known);
        known.refuseUnknown(tree, origins);
    }

    private static Map<String, Object> read(Path file) {
        Object document;
        try {
            LoadSettings settings = LoadSettings.builder()
                    .setSchema(new CoreSchema())
                    .setAllowDuplicateKeys(true)
                    .setLabel(file.toString())
                    .build();
            document = new Load(settings).loadFromString(Files.readString(file));
        } catch (CharacterCodingException e) {
            throw new ConfigException(
                    "cannot read configuration file " + file + ": it is not UTF-8 text (a YAML "
                            + "configuration must be UTF-8; is it a binary or a file in another encoding?)",
                    e);
        } catch (YamlEngineException e) {
            throw new ConfigException("cannot read configuration file " + file + ": " + oneLine(e), e);
        } catch (IOException e) {
            throw new ConfigException("cannot read configuration file " + file + ": " + e.getMessage(), e);
        }
        if (document == null) {
            return new LinkedHashMap<>();
        }
        if (!(document instanceof Map<?, ?> root)) {
            throw new ConfigException("cannot read configuration file " + file + ": the top level must be a mapping");
        }
        return stringKeys(root);
    }

    /**
     * @return the parser's complaint in one line, as a client shows stderr: the problem and its line and column (1-based),
     *     without the quoted snippet SnakeYAML adds on lines of their own
     */
    private static String oneLine(YamlEngineException e) {
        if (e instanceof MarkedYamlEngineException marked && marked.getProblem() != null) {
            String where = marked.getProblemMark()
                    .map(mark -> " at line " + (mark.getLine() + 1) + ", column " + (mark.getColumn() + 1))
                    .orElse("");
            String context = marked.getContext() == null ? "" : marked.getContext() + ": ";
            return context + marked.getProblem() + where;
        }
        return String.join(" ", String.valueOf(e.getMessage()).strip().split("\\s*\\R\\s*"));
    }

    /** The loaded tree with every mapping key as a string, as a configuration tree is addressed. */
    private static Map<String, Object> stringKeys(Map<?, ?> map) {
        Map<String, Object> out = new LinkedHashMap<>();
        map.forEach((key, value) -> out.put(String.valueOf(key), stringKeysIn(value)));
        return out;
    }

    private static Object stringKeysIn(Object value) {
        if (value instanceof Map<?, ?> map) {
            return stringKeys(map);
        }
        if (value instanceof List<?> list) {
            List<Object> out = new ArrayList<>(list.size());
            list.forEach(item -> out.add(stringKeysIn(item)));
            return out;
        }
        return value;
    }

    private static KernelSettings kernelSettings(
            Map<String, Object> kernel, Path home, Path userHome, ConfigOrigins origins) {
        Path stateDir =
                path(scalar(kernel.get("state-dir"), "kernel.state-dir", origins), userHome, defaultStateDir(userHome));
        Path pluginsDir = path(
                scalar(kernel.get("plugins-dir"), "kernel.plugins-dir", origins), userHome, home.resolve("plugins"));
        Object storageValue = scalar(kernel.get("storage"), "kernel.storage", origins);
        String storage = storageValue == null ? "sqlite" : String.valueOf(storageValue);
        List<String> transports =
                list(kernel.getOrDefault("transports", List.of("stdio")), "kernel.transports", origins);
        Map<String, String> prefixes = new LinkedHashMap<>();
        asMap(kernel.getOrDefault("tool-prefixes", Map.of()), "kernel.tool-prefixes", origins)
                .forEach((id, prefix) -> prefixes.put(id, prefix == null ? "" : String.valueOf(prefix)));
        AuthSettings auth =
                AuthSection.read(asMap(kernel.get("auth"), "kernel.auth", origins), stateDir, userHome, origins);
        boolean attach = bool(kernel.get("attach"), true, "kernel.attach", origins);
        return new KernelSettings(stateDir, pluginsDir, storage, transports, prefixes, auth, attach);
    }

    /**
     * The one check of a setting that takes a single value (a path, a name, a flag, a number) before it is read as
     * text: a YAML list or mapping there is refused, never turned into its text ({@code [a, b]}, {@code {foo=1}}).
     *
     * @param value   a configured value, or null
     * @param key     the key's dotted name, for the error
     * @param origins where values were set, for the error
     * @return the value, null when absent
     * @throws ConfigException if the value is a list or a mapping
     */
    static Object scalar(Object value, String key, ConfigOrigins origins) {
        if (value instanceof Map<?, ?> || value instanceof List<?>) {
            throw new ConfigException(key + " " + origins.of(key) + " must be a single value, was "
                    + (value instanceof Map<?, ?> ? "a mapping: " : "a list: ") + value);
        }
        return value;
    }

    /**
     * Expands a leading {@code ~} and makes a path absolute.
     *
     * @param value    a path as configured, or null
     * @param userHome the user's home directory
     * @param fallback the default when {@code value} is null or blank
     * @return the absolute, normalised path
     */
    public static Path path(Object value, Path userHome, Path fallback) {
        if (value == null || String.valueOf(value).isBlank()) {
            return fallback.toAbsolutePath().normalize();
        }
        String text = String.valueOf(value).trim();
        if (text.equals("~")) {
            return userHome.toAbsolutePath().normalize();
        }
        if (text.startsWith("~/")) {
            return userHome.resolve(text.substring(2)).toAbsolutePath().normalize();
        }
        return Path.of(text).toAbsolutePath().normalize();
    }

    /**
     * @param value    a configured value, or null
     * @param fallback the default when {@code value} is null
     * @param key      the key's dotted name, for the error
     * @param origins  where values were set, for the error
     * @return the boolean; environment overrides arrive as strings, so {@code true}/{@code false} in any case count
     * @throws ConfigException if the value is neither
     */
    static boolean bool(Object value, boolean fallback, String key, ConfigOrigins origins) {
        if (value == null) {
            return fallback;
        }
        if (value instanceof Boolean flag) {
            return flag;
        }
        scalar(value, key, origins);
        return switch (String.valueOf(value).trim().toLowerCase(Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new ConfigException(key + " " + origins.of(key) + " must be true or false, was: " + value);
        };
    }

    private static List<String> list(Object value, String key, ConfigOrigins origins) {
        if (value instanceof Map<?, ?>) {
            throw new ConfigException(key + " " + origins.of(key) + " must be a list, was a mapping: " + value);
        }
        if (value instanceof List<?> items) {
            return items.stream()
                    .map(item -> String.valueOf(scalar(item, key, origins)))
                    .map(String::trim)
                    .filter(s -> !s.isEmpty())
                    .toList();
        }
        List<String> out = new ArrayList<>();
        for (String part : String.valueOf(value).split(",")) {
            if (!part.isBlank()) {
                out.add(part.trim());
            }
        }
        return out;
    }

    /** Drops keys without a value ({@code path:} with nothing after it), so that defaults apply to them. */
    @SuppressWarnings("unchecked")
    private static Map<String, Object> withoutNulls(Map<String, Object> map) {
        Map<String, Object> out = new LinkedHashMap<>();
        map.forEach((key, value) -> {
            if (value instanceof Map<?, ?> nested) {
                out.put(key, withoutNulls((Map<String, Object>) nested));
            } else if (value != null) {
                out.put(key, value);
            }
        });
        return out;
    }

    private static Map<String, Object> section(Map<String, Object> tree, String key, ConfigOrigins origins) {
        return asMap(tree.getOrDefault(key, Map.of()), key, origins);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> asMap(Object value, String key, ConfigOrigins origins) {
        if (value == null) {
            return Map.of();
        }
        if (!(value instanceof Map)) {
            throw new ConfigException(key + " " + origins.of(key) + " must be a mapping, was: " + value);
        }
        return (Map<String, Object>) value;
    }
}
