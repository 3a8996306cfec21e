package dev.switchboard.plugin.workspace.application;

import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * Typed reads of the plugin's configuration subtree as the kernel hands it over: scalars arrive as numbers or strings
 * (environment overrides are always strings), lists as lists or comma-separated strings, nested keys as maps. A
 * malformed value is refused with a message naming the full key. Immutable.
 */
final class SettingValues {

    private static final String PREFIX = "plugins.workspace.";

    private final Map<String, Object> tree;

    /** @param tree the plugin's subtree */
    SettingValues(Map<String, Object> tree) {
        this.tree = tree;
    }

    /**
     * @param key a dotted key below the subtree, such as {@code receipts.max-count}
     * @return a whole number within {@code [min, max]}, or {@code fallback} when absent
     * @throws IllegalArgumentException when the value is not such a number
     */
    long number(String key, long fallback, long min, long max) {
        Object value = raw(key);
        if (value == null) {
            return fallback;
        }
        String text = String.valueOf(value).strip();
        try {
            long parsed = Long.parseLong(text);
            if (parsed >= min && parsed <= max) {
                return parsed;
            }
        } catch (NumberFormatException e) {
            // refused below, with the expected shape
        }
        throw new IllegalArgumentException("invalid setting " + PREFIX + key + " = '" + text
                + "': expected a whole number from " + min + " to " + max);
    }

    /** @return the entries, stripped, without empty ones; empty when absent */
    List<String> list(String key) {
        Object value = raw(key);
        if (value == null) {
            return List.of();
        }
        Collection<?> entries = value instanceof Collection<?> collection ? collection
                : Arrays.asList(String.valueOf(value).split(","));
        return entries.stream().map(entry -> String.valueOf(entry).strip()).filter(entry -> !entry.isEmpty())
                .toList();
    }

    private Object raw(String key) {
        Object node = tree;
        for (String part : key.split("\\.")) {
            if (!(node instanceof Map<?, ?> map)) {
                return null;
            }
            node = map.get(part);
        }
        return node;
    }
}
