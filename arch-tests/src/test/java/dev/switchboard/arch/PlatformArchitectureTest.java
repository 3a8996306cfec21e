package dev.switchboard.arch;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.junit.ArchTests;

/**
 * Checks every platform rule against the main code of every module of the build (ports, kernel, mcp-bridge, the
 * plugins and whatever module comes next), and that none is missing. Test classes, including this module's violation
 * fixtures, are not imported.
 */
@AnalyzeClasses(packages = "dev.switchboard", importOptions = ImportOption.DoNotIncludeTests.class)
class PlatformArchitectureTest {

    /** Surefire runs in this module's directory, one level below the root pom. */
    private static final Path REPOSITORY = Path.of("..");

    @ArchTest
    static final ArchTests PLATFORM_RULES = ArchTests.in(PlatformArchitectureRules.class);

    /**
     * A module missing from the class path would make its rules pass vacuously: every main class of every module of
     * the build, read from the poms on disk, must be imported, so a new module is checked from its first commit.
     */
    @ArchTest
    static void importsTheMainClassesOfEveryModuleOfTheBuild(JavaClasses classes) {
        Set<String> imported = classes.stream().map(JavaClass::getName).collect(Collectors.toSet());
        List<BuildModules.Module> modules = BuildModules.read(REPOSITORY);

        assertThat(modules).extracting(BuildModules.Module::path).contains("ports", "kernel", "plugins/handoff");
        assertThat(BuildModules.classesNotImported(modules, imported))
                .as("modules whose main classes the architecture rules do not see; add each as a test-scope"
                        + " dependency to arch-tests/pom.xml")
                .isEmpty();
    }

    /** Fixtures would make the rules fail; they are test classes of this module and must stay out. */
    @ArchTest
    static void importsNoFixture(JavaClasses classes) {
        assertThat(classes.stream().map(JavaClass::getPackageName))
                .noneMatch(name -> name.contains("archfixture") || name.equals("dev.switchboard.arch"));
    }
}
