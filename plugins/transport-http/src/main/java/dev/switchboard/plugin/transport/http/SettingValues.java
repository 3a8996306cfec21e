package dev.switchboard.plugin.transport.http;

import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.switchboard.ports.transport.TransportException;

/**
 * Typed reads of one plugin configuration subtree, as the kernel hands it over: YAML scalars may arrive as numbers or
 * strings (environment overrides are always strings), lists as lists or comma-separated strings. Every malformed
 * value is refused with a message naming the full key, the value and the expected shape.
 */
final class SettingValues {

    private final String prefix;
    private final Map<String, Object> tree;

    /**
     * @param prefix the subtree's path for messages, such as {@code plugins.transport-http}
     * @param tree   the subtree
     */
    SettingValues(String prefix, Map<String, Object> tree) {
        this.prefix = prefix;
        this.tree = tree;
    }

    String string(String key, String fallback) {
        return raw(key).map(value -> String.valueOf(value).strip()).filter(value -> !value.isEmpty())
                .orElse(fallback);
    }

    /** @throws TransportException if the value is not a whole number within {@code [min, max]} */
    long number(String key, long fallback, long min, long max) {
        Optional<Object> value = raw(key);
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
            // reported below, with the expected shape
        }
        throw invalid(key, text, "a whole number from " + min + " to " + max);
    }

    /** @return the list's entries, stripped, without empty ones; {@code fallback} when the key is absent */
    List<String> list(String key, List<String> fallback) {
        Optional<Object> value = raw(key);
        if (value.isEmpty()) {
            return fallback;
        }
        Collection<?> entries = value.get() instanceof Collection<?> collection ? collection
                : Arrays.asList(String.valueOf(value.get()).split(","));
        return entries.stream().map(entry -> String.valueOf(entry).strip()).filter(entry -> !entry.isEmpty())
                .toList();
    }

    TransportException invalid(String key, String value, String expected) {
        return new TransportException("invalid setting " + prefix + "." + key + " = '" + value + "': expected "
                + expected);
    }

    private Optional<Object> raw(String key) {
        return Optional.ofNullable(tree.get(key));
    }
}
