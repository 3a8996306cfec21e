package dev.switchboard.kernel.config;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.snakeyaml.engine.v2.api.Load;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.exceptions.YamlEngineException;
import org.snakeyaml.engine.v2.schema.CoreSchema;

/**
 * Reads {@code config/application.yaml} (or a given file) and the environment into a {@link SwitchboardConfig}.
 * Unknown keys under {@code kernel} are refused, so that a typo does not silently fall back to a default. The YAML is
 * read with SnakeYAML Engine's core schema straight into maps, lists and scalars (keys as strings, a repeated key's
 * last value wins), not through Jackson databind, whose start-up cost would sit on the critical path of every start.
 * Thread-safe (stateless).
 */
public final class ConfigLoader {

    /** The configuration file's path relative to the installation directory. */
    public static final String DEFAULT_FILE = "config/application.yaml";

    private static final Set<String> KERNEL_KEYS =
            Set.of("state-dir", "plugins-dir", "storage", "transports", "tool-prefixes", "auth");

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
        Path file = explicit != null ? explicit : home.resolve(DEFAULT_FILE);
        if (explicit != null && !Files.isRegularFile(explicit)) {
            throw new ConfigException("configuration file not found: " + explicit);
        }
        Map<String, Object> tree = Files.isRegularFile(file) ? read(file) : new LinkedHashMap<>();
        EnvironmentOverrides.apply(tree, env);
        Map<String, Object> kernel = section(tree, "kernel", file);
        KernelSettings settings = kernelSettings(kernel, home, userHome, file);
        Map<String, Map<String, Object>> plugins = new LinkedHashMap<>();
        section(tree, "plugins", file)
                .forEach((id, sub) -> plugins.put(id, withoutNulls(asMap(sub, "plugins." + id, file))));
        return new SwitchboardConfig(home, Files.isRegularFile(file) ? file : null, settings, plugins);
    }

    private static Map<String, Object> read(Path file) {
        Object document;
        try {
            LoadSettings settings = LoadSettings.builder().setSchema(new CoreSchema()).setAllowDuplicateKeys(true)
                    .setLabel(file.toString()).build();
            document = new Load(settings).loadFromString(Files.readString(file));
        } catch (IOException | YamlEngineException e) {
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

    private static KernelSettings kernelSettings(Map<String, Object> kernel, Path home, Path userHome, Path file) {
        for (String key : kernel.keySet()) {
            if (!KERNEL_KEYS.contains(key)) {
                throw new ConfigException("unknown key kernel." + key + " in " + file + "; known keys: "
                        + String.join(", ", KERNEL_KEYS.stream().sorted().toList()));
            }
        }
        Path stateDir = path(kernel.get("state-dir"), userHome, userHome.resolve(".switchboard"));
        Path pluginsDir = path(kernel.get("plugins-dir"), userHome, home.resolve("plugins"));
        String storage = String.valueOf(kernel.getOrDefault("storage", "sqlite"));
        List<String> transports = list(kernel.getOrDefault("transports", List.of("stdio")));
        Map<String, String> prefixes = new LinkedHashMap<>();
        asMap(kernel.getOrDefault("tool-prefixes", Map.of()), "kernel.tool-prefixes", file)
                .forEach((id, prefix) -> prefixes.put(id, prefix == null ? "" : String.valueOf(prefix)));
        AuthSettings auth = AuthSection.read(asMap(kernel.get("auth"), "kernel.auth", file), stateDir, userHome, file);
        return new KernelSettings(stateDir, pluginsDir, storage, transports, prefixes, auth);
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

    private static List<String> list(Object value) {
        if (value instanceof List<?> items) {
            return items.stream().map(String::valueOf).map(String::trim).filter(s -> !s.isEmpty()).toList();
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

    private static Map<String, Object> section(Map<String, Object> tree, String key, Path file) {
        return asMap(tree.getOrDefault(key, Map.of()), key, file);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> asMap(Object value, String key, Path file) {
        if (value == null) {
            return Map.of();
        }
        if (!(value instanceof Map)) {
            throw new ConfigException(key + " in " + file + " must be a mapping, was: " + value);
        }
        return (Map<String, Object>) value;
    }
}
