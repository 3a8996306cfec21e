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

    private EnvironmentOverrides() {}

    /**
     * @param tree the tree from the file; changed in place
     * @param env  the environment
     * @return the variable that set each dotted key ({@code kernel.state-dir -> SWITCHBOARD_KERNEL__STATE_DIR})
     */
    static Map<String, String> apply(Map<String, Object> tree, Map<String, String> env) {
        Map<String, String> origins = new LinkedHashMap<>();
        env.entrySet().stream()
                .filter(e -> e.getKey().startsWith(PREFIX) && e.getKey().contains("__"))
                .sorted(Map.Entry.comparingByKey())
                .forEach(e -> origins.put(
                        set(tree, e.getKey().substring(PREFIX.length()).split("__"), e.getValue()), e.getKey()));
        return origins;
    }

    /** @return the dotted key that was set */
    @SuppressWarnings("unchecked")
    private static String set(Map<String, Object> tree, String[] levels, String value) {
        StringBuilder dotted = new StringBuilder();
        for (String level : levels) {
            dotted.append(dotted.isEmpty() ? "" : ".").append(keyOf(level));
        }
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
        return dotted.toString();
    }

    private static String keyOf(String level) {
        return level.toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
