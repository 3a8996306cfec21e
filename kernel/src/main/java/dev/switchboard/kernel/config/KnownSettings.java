package dev.switchboard.kernel.config;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Every key a configuration may hold, so that a typo is refused instead of falling back to a default: the kernel's
 * keys, and below {@code plugins} the ids of the installed plugins (enabled or disabled) and of Switchboard's own
 * plugins (an absent one's settings are not typos, since its zip may come back), each with the keys its descriptor
 * declares ({@link PluginDescriptors#SETTINGS_PROPERTY}; a plugin that declares none takes any key and checks its own
 * when it starts). A key is unknown when some level of it is: {@code kernal.state-dir}, {@code plugins.mailboxx.role},
 * {@code plugins.mailbox.rol}; so is a key below a known one, which takes a value and has no keys below it
 * ({@code kernel.state-dir.foo}). Immutable.
 */
final class KnownSettings {

    /** The ids of the plugins Switchboard ships, whose settings are known ids even when their zip is absent. */
    static final Set<String> SWITCHBOARD_PLUGINS = Set.of(
            "conformance-fixture",
            "handoff",
            "mailbox",
            "metrics",
            "storage-postgres",
            "storage-sqlite",
            "transport-http",
            "transport-stdio",
            "workspace");

    /** The kernel's keys; {@code tool-prefixes} takes a plugin id below it, any. */
    private static final List<String> KERNEL_KEYS = List.of(
            "kernel.state-dir",
            "kernel.plugins-dir",
            "kernel.storage",
            "kernel.transports",
            "kernel.attach",
            "kernel.auth.required",
            "kernel.auth.token-file");

    private static final List<String> OPEN_KERNEL_KEYS = List.of("kernel.tool-prefixes");

    /** Dotted keys that are known whole: their value is the reader's to check; no key below them is known. */
    private final Set<String> leaves;
    /** Dotted keys below which any key is taken. */
    private final Set<String> open;

    /** Dotted keys of sections that may be empty: {@code plugins.<id>} of every known plugin. */
    private final Set<String> sections;

    private KnownSettings(Set<String> leaves, Set<String> open, Set<String> sections) {
        this.leaves = Set.copyOf(leaves);
        this.open = Set.copyOf(open);
        this.sections = Set.copyOf(sections);
    }

    /**
     * @param plugins the installed plugins' descriptors
     * @return the keys known with these plugins installed
     */
    static KnownSettings with(PluginDescriptors plugins) {
        Set<String> leaves = new LinkedHashSet<>(KERNEL_KEYS);
        Set<String> open = new LinkedHashSet<>(OPEN_KERNEL_KEYS);
        Set<String> ids = new java.util.TreeSet<>(SWITCHBOARD_PLUGINS);
        ids.addAll(plugins.byId().keySet());
        for (String id : ids) {
            Optional<Set<String>> declared = plugins.declaredSettings(id);
            if (declared.isPresent()) {
                declared.get().forEach(key -> leaves.add("plugins." + id + "." + key));
            } else {
                open.add("plugins." + id);
            }
        }
        Set<String> sections = new LinkedHashSet<>();
        ids.forEach(id -> sections.add("plugins." + id));
        return new KnownSettings(leaves, open, sections);
    }

    /**
     * @param tree    the configuration tree, with the environment's overrides applied
     * @param origins where each key was set
     * @throws UnknownSettingException naming the first unknown key, where it was set and the closest known key
     */
    void refuseUnknown(Map<String, Object> tree, ConfigOrigins origins) {
        walk(tree, "", origins);
    }

    private void walk(Map<?, ?> node, String path, ConfigOrigins origins) {
        for (Map.Entry<?, ?> entry : node.entrySet()) {
            String key = path + entry.getKey();
            if (leaves.contains(key) && entry.getValue() instanceof Map<?, ?> below && !below.isEmpty()) {
                // kernel.state-dir.foo: a key below a setting, which would turn its value into a mapping
                throw UnknownSettingException.belowSetting(
                        firstLeaf(key, below), origins.of(firstLeaf(key, below)), key);
            }
            if (leaves.contains(key) || open.contains(key)) {
                continue;
            }
            boolean parent = isParent(key);
            if (parent && entry.getValue() instanceof Map<?, ?> below) {
                walk(below, key + ".", origins);
            } else if (!parent) {
                throw unknown(firstLeaf(key, entry.getValue()), origins);
            }
            // a value where keys belong (receipts: 5): the reader refuses its shape, naming the key
        }
    }

    private boolean isParent(String key) {
        return sections.contains(key)
                || leaves.stream().anyMatch(k -> k.startsWith(key + "."))
                || open.stream().anyMatch(k -> k.startsWith(key + "."));
    }

    /** The first full key below an unknown one, as a typo names it ({@code kernal:} with {@code state-dir} below). */
    private static String firstLeaf(String key, Object value) {
        if (value instanceof Map<?, ?> map && !map.isEmpty()) {
            Map.Entry<?, ?> first = map.entrySet().iterator().next();
            return firstLeaf(key + "." + first.getKey(), first.getValue());
        }
        return key;
    }

    private UnknownSettingException unknown(String key, ConfigOrigins origins) {
        Optional<String> variable = origins.variable(key);
        Optional<String> closest = closest(key);
        StringBuilder message =
                new StringBuilder("unknown key ").append(key).append(' ').append(origins.of(key));
        closest.ifPresent(known -> message.append("; did you mean ")
                .append(variable.isPresent() ? variableOf(known) : known)
                .append('?'));
        return new UnknownSettingException(message.toString());
    }

    /**
     * @param key an unknown dotted key
     * @return the known key nearest to it, compared at its depth ({@code plugins.mailboxx} with
     *     {@code plugins.mailbox}, not with {@code plugins.mailbox.role})
     */
    Optional<String> closest(String key) {
        int depth = key.split("\\.").length;
        Set<String> candidates = new LinkedHashSet<>();
        Set<String> all = new LinkedHashSet<>(all());
        all.addAll(sections);
        for (String known : all) {
            String[] levels = known.split("\\.");
            candidates.add(String.join(".", Arrays.copyOf(levels, Math.min(depth, levels.length))));
        }
        return Closest.to(key, candidates);
    }

    /** @return every known dotted key, leaves and open ones, sorted */
    List<String> all() {
        List<String> all = new ArrayList<>(leaves);
        all.addAll(open);
        all.sort(null);
        return all;
    }

    /**
     * @param dottedKey a key such as {@code plugins.mailbox.role}
     * @return the environment variable that sets it, {@code SWITCHBOARD_PLUGINS__MAILBOX__ROLE}
     */
    static String variableOf(String dottedKey) {
        List<String> levels = new ArrayList<>();
        for (String level : dottedKey.split("\\.")) {
            levels.add(level.replace('-', '_').toUpperCase(Locale.ROOT));
        }
        return EnvironmentOverrides.PREFIX + String.join("__", levels);
    }

    /** @return the known keys' variables with their levels written as the setting's key, for lookups */
    Map<String, String> variables() {
        Map<String, String> out = new LinkedHashMap<>();
        all().forEach(key -> out.put(variableOf(key), key));
        return out;
    }
}
