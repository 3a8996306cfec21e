package dev.switchboard.arch;

import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;

/**
 * Imports fixture classes by name: most fixtures are package-private, like the code they imitate.
 *
 * <p>Thread-safety: stateless.
 */
final class Fixtures {

    /** The ports fixtures' package, with a trailing dot. */
    static final String PORTS = "dev.switchboard.ports.archfixture.";
    /** The kernel fixtures' package, with a trailing dot. */
    static final String KERNEL = "dev.switchboard.kernel.archfixture.";
    /** The secret-files library fixtures' package, with a trailing dot. */
    static final String SECRET_FILES = "dev.switchboard.secretfiles.archfixture.";
    /** The first fixture plugin's root package, with a trailing dot. */
    static final String ALPHA = "dev.switchboard.plugin.archfixture.alpha.";
    /** The second fixture plugin's root package, with a trailing dot. */
    static final String BETA = "dev.switchboard.plugin.archfixture.beta.";

    /**
     * The fixture plugin with one class in every ring of the onion, all as they should be: the layered rule fails on
     * a ring it declares but finds empty, so its tests import these and add the class under test.
     */
    private static final List<String> ALPHA_ONION = List.of(
            ALPHA + "AlphaPlugin",
            ALPHA + "AlphaModule",
            ALPHA + "domain.AlphaThing",
            ALPHA + "application.AlphaKeepsThings",
            ALPHA + "application.port.out.SaveThingPort",
            ALPHA + "adapter.in.tool.AlphaKeepTool",
            ALPHA + "adapter.out.persistence.AlphaStore");

    private Fixtures() {}

    /**
     * Imports exactly the named classes, nothing around them.
     *
     * @param classNames fully qualified names of classes on the test class path
     * @return the imported classes
     * @throws IllegalArgumentException when a name is not on the class path (a typo in a test)
     */
    static JavaClasses importing(String... classNames) {
        return new ClassFileImporter()
                .importClasses(Arrays.stream(classNames).map(Fixtures::load).toList());
    }

    /**
     * Imports the fixture plugin's well-formed onion and the named classes.
     *
     * @param classNames fully qualified names of further classes on the test class path
     * @return the imported classes
     * @throws IllegalArgumentException when a name is not on the class path (a typo in a test)
     */
    static JavaClasses importingTheOnionWith(String... classNames) {
        return importing(
                Stream.concat(ALPHA_ONION.stream(), Arrays.stream(classNames)).toArray(String[]::new));
    }

    private static Class<?> load(String className) {
        try {
            return Class.forName(className, false, Fixtures.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new IllegalArgumentException("no fixture class " + className, e);
        }
    }
}
