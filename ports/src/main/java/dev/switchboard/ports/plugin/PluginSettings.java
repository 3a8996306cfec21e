package dev.switchboard.ports.plugin;

import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Typed reads of a plugin's configuration subtree ({@code plugins.<id>} in {@code application.yaml}, after
 * {@code SWITCHBOARD_PLUGINS__<ID>__<KEY>} environment overrides), as the kernel hands it over: a YAML scalar may
 * arrive as a number, a boolean or a string (environment overrides are always strings), a list as a YAML list or a
 * comma-separated string, nested keys as maps. Keys are dotted paths below the subtree, such as
 * {@code receipts.max-count}. An absent key gives the caller's fallback; a malformed value is refused with an
 * {@link InvalidSettingException} naming the full key, the value and the expected shape. Obtained from
 * {@link PluginContext#settings()}. Immutable and thread-safe.
 *
 * @param pluginId the plugin's id, such as {@code handoff}
 * @param tree     the plugin's configuration subtree, as {@link PluginContext#config()} holds it
 */
public record PluginSettings(String pluginId, Map<String, Object> tree) {

    /** @throws NullPointerException if a component is null */
    public PluginSettings {
        Objects.requireNonNull(pluginId, "pluginId");
        tree = Map.copyOf(tree);
    }

    /**
     * @param key a dotted key
     * @return the value as configured (a map for a key that has keys below it), or empty when absent
     * @throws InvalidSettingException if a key on the way holds a value instead of keys ({@code receipts: 5} read as
     *                                 {@code receipts.max-count})
     */
    public Optional<Object> raw(String key) {
        Object node = tree;
        String[] parts = key.split("\\.");
        for (int i = 0; i < parts.length; i++) {
            if (node == null) {
                return Optional.empty();
            }
            if (!(node instanceof Map<?, ?> map)) {
                String parent = String.join(".", Arrays.copyOfRange(parts, 0, i));
                throw invalid(parent, String.valueOf(node), "keys below it, such as " + parts[i]);
            }
            node = map.get(parts[i]);
        }
        return Optional.ofNullable(node);
    }

    /**
     * @param key      a dotted key
     * @param fallback the value when the key is absent or blank
     * @return the value as text, without surrounding white space
     * @throws InvalidSettingException if the value is a list or has keys below it (never read as its text)
     */
    public String text(String key, String fallback) {
        return single(key)
                .map(value -> String.valueOf(value).strip())
                .filter(value -> !value.isEmpty())
                .orElse(fallback);
    }

    /**
     * @param key      a dotted key
     * @param fallback the value when the key is absent
     * @param min      the smallest value allowed
     * @param max      the largest value allowed
     * @return the value, a whole number within {@code [min, max]}
     * @throws InvalidSettingException if the value is not such a number
     */
    public long number(String key, long fallback, long min, long max) {
        Optional<Object> value = single(key);
        if (value.isEmpty()) {
            return fallback;
        }
        String text = String.valueOf(value.get()).strip();
        try {
            long parsed = Long.parseLong(text);
            if (parsed >= min && parsed <= max) {
                return parsed;
            }
        } catch (NumberFormatException e) {
            // refused below, with the expected shape
        }
        throw invalid(key, text, "a whole number from " + min + " to " + max);
    }

    /**
     * {@link #number(String, long, long, long)} for values that fit an {@code int}.
     *
     * @throws InvalidSettingException if the value is not a whole number within {@code [min, max]}
     */
    public int integer(String key, int fallback, int min, int max) {
        return (int) number(key, fallback, min, max);
    }

    /**
     * @param key      a dotted key
     * @param fallback the value when the key is absent
     * @return the value: {@code true} or {@code false}, in any letter case
     * @throws InvalidSettingException if the value is neither
     */
    public boolean flag(String key, boolean fallback) {
        Optional<Object> value = single(key);
        if (value.isEmpty()) {
            return fallback;
        }
        String text = String.valueOf(value.get()).strip();
        return switch (text.toLowerCase(Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw invalid(key, text, "true or false");
        };
    }

    /**
     * @param key      a dotted key
     * @param fallback the value when the key is absent
     * @return the entries of a YAML list or a comma-separated string, stripped, without empty ones (so a blank string
     *         is an empty list)
     * @throws InvalidSettingException if the value has keys below it, or an entry is a list or has keys
     */
    public List<String> list(String key, List<String> fallback) {
        Optional<Object> value = raw(key);
        if (value.isEmpty()) {
            return fallback;
        }
        Collection<?> entries = value.get() instanceof Collection<?> collection
                ? collection
                : Arrays.asList(String.valueOf(value.get()).split(","));
        if (value.get() instanceof Map<?, ?> || entries.stream().anyMatch(PluginSettings::notSingle)) {
            throw invalid(key, String.valueOf(value.get()), "a list of single values, or a comma-separated text");
        }
        return entries.stream()
                .map(entry -> String.valueOf(entry).strip())
                .filter(entry -> !entry.isEmpty())
                .toList();
    }

    /**
     * The value of a key that takes a single value (text, a number, a flag): a YAML list or a mapping there is
     * refused, never read as its text ({@code [a, b]}, {@code {x=1}}).
     */
    private Optional<Object> single(String key) {
        Optional<Object> value = raw(key);
        if (value.isPresent() && notSingle(value.get())) {
            throw invalid(
                    key,
                    String.valueOf(value.get()),
                    value.get() instanceof Map<?, ?>
                            ? "a single value, with no keys below it"
                            : "a single value, not a list");
        }
        return value;
    }

    private static boolean notSingle(Object value) {
        return value instanceof Map<?, ?> || value instanceof Collection<?>;
    }

    /**
     * Refuses keys the plugin does not know, so that a misspelt key does not silently fall back to its default (as
     * the kernel does for its own section). Call it once with every key the plugin reads.
     *
     * @param known every dotted key the plugin reads, such as {@code receipts.max-count}
     * @throws InvalidSettingException naming the first unknown key, and the known ones
     */
    public void requireKnownKeys(Set<String> known) {
        refuseUnknown(tree, "", known);
    }

    private void refuseUnknown(Map<?, ?> node, String path, Set<String> known) {
        for (Map.Entry<?, ?> entry : node.entrySet()) {
            String key = path + entry.getKey();
            if (known.contains(key)) {
                continue;
            }
            boolean parent = known.stream().anyMatch(k -> k.startsWith(key + "."));
            if (parent && entry.getValue() instanceof Map<?, ?> below) {
                refuseUnknown(below, key + ".", known);
            } else if (parent) {
                throw invalid(
                        key,
                        String.valueOf(entry.getValue()),
                        "keys below it, such as "
                                + known.stream()
                                        .filter(k -> k.startsWith(key + "."))
                                        .sorted()
                                        .findFirst()
                                        .orElseThrow()
                                        .substring(key.length() + 1));
            } else {
                throw invalid(
                        key,
                        String.valueOf(entry.getValue()),
                        "a key this plugin reads: "
                                + String.join(", ", known.stream().sorted().toList()));
            }
        }
    }

    /**
     * For a plugin's own checks beyond the shapes above.
     *
     * @param key      a dotted key
     * @param value    the value found, as text
     * @param expected what it should be
     * @return the exception to throw, naming the full key
     */
    public InvalidSettingException invalid(String key, String value, String expected) {
        return new InvalidSettingException("plugins." + pluginId + "." + key, value, expected);
    }
}
