package dev.switchboard.arch;

import static com.tngtech.archunit.base.DescribedPredicate.describe;

import java.util.Optional;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;

/**
 * Kinds of classes the rules talk about, written for an import that does not resolve library classes.
 *
 * <p>With {@code resolveMissingDependenciesFromClassPath=false}, a library type such as {@code AbstractModule} or
 * {@code RuntimeException} is a stub that knows its name but not its own supertypes. So every kind here is matched by
 * the names that appear in a class's own (imported) hierarchy, never by asking a stub for its parents.
 */
final class TypeKinds {

    /** The tool port's fully qualified name. */
    static final String TOOL_PORT = "dev.switchboard.ports.tool.Tool";

    /** Classes that are Guice modules: they implement {@code Module} or extend one of Guice's module bases. */
    static final DescribedPredicate<JavaClass> GUICE_MODULE = describe(
            "Guice modules",
            type -> type.isAssignableTo("com.google.inject.Module")
                    || type.isAssignableTo("com.google.inject.AbstractModule")
                    || type.isAssignableTo("com.google.inject.PrivateModule"));

    /**
     * Guice modules and the classes nested in them (a {@code new TypeLiteral<..>() {}} inside {@code configure()} is
     * an anonymous class of its own, but it is still module code).
     */
    static final DescribedPredicate<JavaClass> GUICE_MODULE_CODE =
            describe("Guice modules (and classes nested in them)", TypeKinds::isOrIsInsideAGuiceModule);

    /** PF4J plugin classes; a plugin's root package is the package of this class. */
    static final DescribedPredicate<JavaClass> PF4J_PLUGIN =
            describe("PF4J plugin classes", type -> type.isAssignableTo("org.pf4j.Plugin"));

    /**
     * What the host reaches in a plugin by name: its PF4J plugin class (named in {@code plugin.properties}), its Guice
     * module (named there too) and its {@code @Extension} classes (listed in the extension index).
     */
    static final DescribedPredicate<JavaClass> PLUGIN_ENTRY_POINT = describe(
            "a plugin's entry points (its org.pf4j.Plugin subclass, its Guice module, an @Extension class)",
            type -> PF4J_PLUGIN.test(type) || GUICE_MODULE.test(type) || type.isAnnotatedWith("org.pf4j.Extension"));

    /**
     * What a published SPI may hold: interfaces, records, enums and unchecked exceptions. An anonymous class declared
     * inside a port interface or enum also counts: it is the body of a constant of that type (a null object such as
     * {@code Cancellation.NONE}), so it is part of that type's contract rather than separate state.
     */
    static final DescribedPredicate<JavaClass> PORT_CONTRACT = describe(
            "interfaces, records, enums, unchecked exceptions or constant bodies of port interfaces",
            type -> type.isInterface()
                    || type.isRecord()
                    || type.isEnum()
                    || isUncheckedThrowable(type)
                    || isConstantBodyOfAContract(type));

    private TypeKinds() {}

    /**
     * Tells whether a throwable type is unchecked ({@code RuntimeException} or {@code Error} below it).
     * The imported hierarchy is asked first; a type whose hierarchy is not imported (a JDK exception in a throws
     * clause) is looked up on the test class path. A type found nowhere counts as checked, so the rules err towards
     * reporting it.
     *
     * @param type any class
     * @return true for unchecked exceptions and errors
     */
    static boolean isUncheckedThrowable(JavaClass type) {
        if (type.isAssignableTo(RuntimeException.class) || type.isAssignableTo(Error.class)) {
            return true;
        }
        return load(type.getName())
                .map(loaded -> RuntimeException.class.isAssignableFrom(loaded) || Error.class.isAssignableFrom(loaded))
                .orElse(false);
    }

    private static boolean isConstantBodyOfAContract(JavaClass type) {
        return type.isAnonymousClass()
                && type.getEnclosingClass()
                        .filter(owner -> owner.isInterface() || owner.isEnum())
                        .isPresent();
    }

    private static boolean isOrIsInsideAGuiceModule(JavaClass type) {
        Optional<JavaClass> current = Optional.of(type);
        while (current.isPresent()) {
            if (GUICE_MODULE.test(current.get())) {
                return true;
            }
            current = current.get().getEnclosingClass();
        }
        return false;
    }

    private static Optional<Class<?>> load(String name) {
        try {
            return Optional.of(Class.forName(name, false, TypeKinds.class.getClassLoader()));
        } catch (ClassNotFoundException | LinkageError notOnClassPath) {
            return Optional.empty();
        }
    }
}
