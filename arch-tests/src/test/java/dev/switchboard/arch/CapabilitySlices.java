package dev.switchboard.arch;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;

/**
 * A plugin cut into a core and a row of slices (ArchUnit's {@code @AppModule} pattern, with the declarations in one
 * table here instead of annotations): each package right below the plugin's root is one slice, and
 * <ul>
 *   <li>the <em>core</em> slices depend on no other slice (only on each other);
 *   <li>a <em>capability</em> depends only on the core and on the capabilities it declares;
 *   <li>a <em>view</em> reads any core or capability slice, and nothing but the root depends on a view;
 *   <li>the root package itself (the plugin class and its wiring) may depend on every slice and is not checked;
 *   <li>a package below the root that the table does not name is reported, so a new slice is declared before it is
 *       used.
 * </ul>
 * Dependencies are ArchUnit's: imports, calls, field types, annotations, even a constant's owning class where the
 * bytecode keeps it.
 *
 * <p>Thread-safety: immutable once built; {@link #condition()} may be evaluated from any thread.
 */
final class CapabilitySlices {

    private final String root;
    private final Set<String> core = new TreeSet<>();
    private final Map<String, Set<String>> capabilities = new LinkedHashMap<>();
    private final Set<String> views = new TreeSet<>();

    private CapabilitySlices(String root) {
        this.root = root;
    }

    /**
     * @param root      the plugin's root package, e.g. {@code dev.switchboard.plugin.mailbox}
     * @param coreSlices the slices (packages right below {@code root}) that form the core
     * @return a table with only the core; add capabilities and views
     */
    static CapabilitySlices of(String root, String... coreSlices) {
        CapabilitySlices table = new CapabilitySlices(root);
        table.core.addAll(Set.of(coreSlices));
        return table;
    }

    /**
     * @param name the slice's package right below the root
     * @param uses the capabilities it may depend on besides the core (each declared with this method too)
     * @return this table
     */
    CapabilitySlices capability(String name, String... uses) {
        capabilities.put(name, new TreeSet<>(Set.of(uses)));
        return this;
    }

    /**
     * @param names slices that read many capabilities and that nothing but the root depends on
     * @return this table
     */
    CapabilitySlices views(String... names) {
        views.addAll(Set.of(names));
        return this;
    }

    /** @return the root package this table is about, to select the classes the condition applies to */
    String root() {
        return root;
    }

    /**
     * @return the table's own mistakes: a use of a slice that is not a declared capability, and a cycle among the
     *     capabilities (each as one line); empty when the table is sound
     */
    List<String> mistakes() {
        List<String> found = new ArrayList<>();
        capabilities.forEach((name, uses) -> uses.stream()
                .filter(use -> !capabilities.containsKey(use))
                .forEach(use -> found.add("'" + name + "' uses '" + use + "', which is not a declared capability")));
        for (String start : capabilities.keySet()) {
            cycleFrom(start, new ArrayList<>(List.of(start)))
                    .ifPresent(cycle -> found.add("cycle: " + String.join(" -> ", cycle)));
        }
        return found;
    }

    private Optional<List<String>> cycleFrom(String start, List<String> path) {
        for (String next : capabilities.getOrDefault(path.getLast(), Set.of())) {
            if (next.equals(start)) {
                List<String> cycle = new ArrayList<>(path);
                cycle.add(start);
                return Optional.of(cycle);
            }
            if (!path.contains(next)) {
                path.add(next);
                Optional<List<String>> found = cycleFrom(start, path);
                if (found.isPresent()) {
                    return found;
                }
                path.removeLast();
            }
        }
        return Optional.empty();
    }

    /** @return the condition that every class below the root keeps to this table */
    ArchCondition<JavaClass> condition() {
        return new ArchCondition<>("depend only on the core and on the slices they declare (" + describe() + ")") {
            @Override
            public void check(JavaClass origin, ConditionEvents events) {
                Optional<String> from = sliceOf(origin);
                if (from.isEmpty()) {
                    return;
                }
                if (!known(from.get())) {
                    events.add(SimpleConditionEvent.violated(
                            origin,
                            origin.getName() + " is in slice '" + from.get() + "', which the table does not declare"
                                    + " as core, capability or view"));
                    return;
                }
                for (Dependency dependency : origin.getDirectDependenciesFromSelf()) {
                    sliceOf(dependency.getTargetClass())
                            .filter(to -> !allowed(from.get(), to))
                            .ifPresent(to -> events.add(SimpleConditionEvent.violated(
                                    dependency,
                                    "slice '" + from.get() + "' may not depend on slice '" + to + "' ("
                                            + reason(from.get(), to) + "): " + dependency.getDescription())));
                }
            }
        };
    }

    private boolean known(String slice) {
        return core.contains(slice) || capabilities.containsKey(slice) || views.contains(slice);
    }

    private boolean allowed(String from, String to) {
        if (from.equals(to)) {
            return true;
        }
        if (views.contains(to)) {
            return false;
        }
        if (core.contains(from)) {
            return core.contains(to);
        }
        if (views.contains(from)) {
            return true;
        }
        return core.contains(to) || capabilities.get(from).contains(to);
    }

    private String reason(String from, String to) {
        if (views.contains(to)) {
            return "nothing depends on a view";
        }
        if (core.contains(from)) {
            return "the core depends on no capability";
        }
        if (!known(to)) {
            return "'" + to + "' is not declared";
        }
        return "'" + from + "' declares " + capabilities.get(from);
    }

    /** The slice of a class: the first package part below the root, or empty for the root itself and outside it. */
    private Optional<String> sliceOf(JavaClass type) {
        String name = type.getPackageName();
        if (!name.startsWith(root + ".")) {
            return Optional.empty();
        }
        return Optional.of(name.substring(root.length() + 1).split("\\.", 2)[0]);
    }

    private String describe() {
        return "core " + core + ", capabilities " + capabilities + ", views " + views;
    }
}
