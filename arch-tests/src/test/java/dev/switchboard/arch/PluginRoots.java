package dev.switchboard.arch;

import static com.tngtech.archunit.base.DescribedPredicate.describe;

import java.util.Optional;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaPackage;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;

/**
 * Finds which plugin a class belongs to, by the plugin's root package.
 *
 * <p>A plugin's root package is the package of its {@code org.pf4j.Plugin} subclass. Plugin ids have one part
 * ({@code handoff} → {@code dev.switchboard.plugin.handoff}) or two ({@code transport-stdio} →
 * {@code dev.switchboard.plugin.transport.stdio}), so no fixed package pattern can tell plugins apart:
 * {@code plugin.(*)..} would put {@code transport.stdio} and {@code transport.http} into one slice "transport",
 * and {@code plugin.(*).(*)..} would split {@code handoff.domain} from {@code handoff.application}. Walking up from
 * a class's package to the nearest package that holds a plugin class gets both right. A class under
 * {@code dev.switchboard.plugin} with no plugin class above it is assigned to the first package part after
 * {@code plugin}, which can only merge slices (miss a violation), never invent one.
 *
 * <p>Thread-safety: stateless; the answer depends only on the imported classes passed in.
 */
final class PluginRoots {

    /** The package every plugin lives under. */
    static final String PLUGINS = "dev.switchboard.plugin";

    /** One slice per plugin, keyed on its root package; classes outside {@link #PLUGINS} are not sliced. */
    static final SliceAssignment BY_PLUGIN_ROOT = new SliceAssignment() {
        @Override
        public SliceIdentifier getIdentifierOf(JavaClass javaClass) {
            return rootOf(javaClass).map(SliceIdentifier::of).orElseGet(SliceIdentifier::ignore);
        }

        @Override
        public String getDescription() {
            return "plugins, one slice per root package (the package of the plugin's org.pf4j.Plugin subclass)";
        }
    };

    /** Classes that sit in a plugin's root package, beside its {@code org.pf4j.Plugin} subclass. */
    static final DescribedPredicate<JavaClass> IN_A_PLUGIN_ROOT = describe(
            "in a plugin's root package (beside its org.pf4j.Plugin subclass)",
            type -> isPluginRoot(type.getPackage()));

    /** Classes that belong to a plugin: a package at or above theirs holds an {@code org.pf4j.Plugin} subclass. */
    static final DescribedPredicate<JavaClass> IN_A_PLUGIN = describe(
            "in a plugin (at or below the package of an org.pf4j.Plugin subclass)",
            type -> declaredRootOf(type).isPresent());

    /**
     * Classes that a plugin's root package (its wiring: plugin class, Guice module, root extensions) reaches from
     * another package: an adapter the module binds, or one a root extension builds.
     */
    static final DescribedPredicate<JavaClass> REACHED_FROM_ITS_PLUGIN_ROOT = describe(
            "reached from its plugin's root package (bound by the module or built by a root extension)",
            type -> type.getDirectDependenciesToSelf().stream()
                    .map(Dependency::getOriginClass)
                    .anyMatch(origin -> !origin.getPackageName().equals(type.getPackageName())
                            && isPluginRoot(origin.getPackage())));

    /**
     * Classes that an adapter in another package of the same plugin reaches: the shared core of a plugin sliced by
     * capability (the mailbox's {@code channel} persistence helpers, used by every capability's persistence adapter).
     * A use of a nested class (a table of {@code MailboxTables}) counts for its top-level class.
     */
    static final DescribedPredicate<JavaClass> SHARED_WITH_ANOTHER_ADAPTER_OF_ITS_PLUGIN = describe(
            "shared with an adapter in another package of its own plugin",
            type -> type.getPackage().getClasses().stream()
                    .filter(member -> member.equals(type) || member.getName().startsWith(type.getName() + "$"))
                    .flatMap(member -> member.getDirectDependenciesToSelf().stream())
                    .map(Dependency::getOriginClass)
                    .anyMatch(origin -> !origin.getPackageName().equals(type.getPackageName())
                            && origin.getPackageName().contains(".adapter.")
                            && rootOf(origin).equals(rootOf(type))));

    /**
     * Classes that the hooks' direct main ({@code dev.switchboard.hooks}, ADR 25) reaches by name: the mailbox's
     * {@code DirectHooks} and what it is handed, {@code storage-sqlite}'s settings (the store's location).
     */
    static final DescribedPredicate<JavaClass> REACHED_BY_THE_HOOKS_MAIN = describe(
            "reached by the hooks' direct main (dev.switchboard.hooks, ADR 25)",
            type -> type.getDirectDependenciesToSelf().stream()
                    .map(Dependency::getOriginClass)
                    .anyMatch(origin -> origin.getPackageName().startsWith("dev.switchboard.hooks")));

    private PluginRoots() {}

    /**
     * Names the root package of the plugin a class belongs to.
     *
     * @param type any class
     * @return the root package name, or empty when the class is not under {@link #PLUGINS}
     */
    static Optional<String> rootOf(JavaClass type) {
        String name = type.getPackageName();
        if (!name.startsWith(PLUGINS + ".")) {
            return Optional.empty();
        }
        return declaredRootOf(type).or(() -> {
            String firstPart = name.substring(PLUGINS.length() + 1).split("\\.", 2)[0];
            return Optional.of(PLUGINS + "." + firstPart);
        });
    }

    /**
     * Names the root package of the plugin a class belongs to, only when a plugin class declares it.
     *
     * @param type any class
     * @return the nearest enclosing package (the class's own included) that holds an {@code org.pf4j.Plugin}
     *         subclass, or empty when there is none under {@link #PLUGINS} (a library such as the MCP bridge)
     */
    static Optional<String> declaredRootOf(JavaClass type) {
        Optional<JavaPackage> current = Optional.of(type.getPackage());
        while (current.isPresent() && current.get().getName().startsWith(PLUGINS + ".")) {
            if (isPluginRoot(current.get())) {
                return Optional.of(current.get().getName());
            }
            current = current.get().getParent();
        }
        return Optional.empty();
    }

    private static boolean isPluginRoot(JavaPackage candidate) {
        return candidate.getName().startsWith(PLUGINS + ".")
                && candidate.getClasses().stream().anyMatch(TypeKinds.PF4J_PLUGIN);
    }
}
