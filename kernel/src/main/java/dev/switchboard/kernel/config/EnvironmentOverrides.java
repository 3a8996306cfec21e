package dev.switchboard.kernel.config;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Applies environment variables to the configuration tree. A variable {@code SWITCHBOARD_A__B_C__D} sets the key
 * {@code a.b-c.d}: the part after the {@code SWITCHBOARD_} prefix is split into levels at double underscores, and each
 * level is lowercased with single underscores turned into hyphens. Variables without a double underscore (such as
 * {@code SWITCHBOARD_HOME}) are not configuration keys and are ignored here. Values are strings; a comma-separated
 * value is read as a list where the key expects one.
 */
final class EnvironmentOverrides {

    static final String PREFIX = "SWITCHBOARD_";

    private EnvironmentOverrides() {
    }

    /**
     * @param tree the tree from the file; changed in place
     * @param env  the environment
     */
    static void apply(Map<String, Object> tree, Map<String, String> env) {
        env.entrySet().stream()
                .filter(e -> e.getKey().startsWith(PREFIX) && e.getKey().contains("__"))
                .sorted(Map.Entry.comparingByKey())
                .forEach(e -> set(tree, e.getKey().substring(PREFIX.length()).split("__"), e.getValue()));
    }

    @SuppressWarnings("unchecked")
    private static void set(Map<String, Object> tree, String[] levels, String value) {
        Map<String, Object> node = tree;
        for (int i = 0; i < levels.length - 1; i++) {
            String key = keyOf(levels[i]);
            Object child = node.get(key);
            if (!(child instanceof Map)) {
                child = new LinkedHashMap<String, Object>();
                node.put(key, child);
            }
            node = (Map<String, Object>) child;
        }
        node.put(keyOf(levels[levels.length - 1]), value);
    }

    private static String keyOf(String level) {
        return level.toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
