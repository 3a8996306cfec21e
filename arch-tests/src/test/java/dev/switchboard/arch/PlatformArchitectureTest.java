package dev.switchboard.arch;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.junit.ArchTests;

/**
 * Checks every platform rule against the main code of every module on the test class path (ports, kernel,
 * mcp-bridge and the plugins). Test classes, including this module's violation fixtures, are not imported.
 */
@AnalyzeClasses(packages = "dev.switchboard", importOptions = ImportOption.DoNotIncludeTests.class)
class PlatformArchitectureTest {

    @ArchTest
    static final ArchTests PLATFORM_RULES = ArchTests.in(PlatformArchitectureRules.class);

    /** A module missing from the class path would make its rules pass vacuously; fixtures would make them fail. */
    @ArchTest
    static void importsTheMainCodeOfEveryModuleAndNoFixture(JavaClasses classes) {
        assertThat(classes.stream().map(JavaClass::getPackageName))
                .anyMatch(name -> name.startsWith("dev.switchboard.ports."))
                .anyMatch(name -> name.startsWith("dev.switchboard.kernel."))
                .anyMatch(name -> name.startsWith("dev.switchboard.bridge.mcp"))
                .anyMatch(name -> name.startsWith("dev.switchboard.plugin.transport.stdio"))
                .anyMatch(name -> name.startsWith("dev.switchboard.plugin.storage.sqlite"))
                .noneMatch(name -> name.contains("archfixture") || name.equals("dev.switchboard.arch"));
    }
}
