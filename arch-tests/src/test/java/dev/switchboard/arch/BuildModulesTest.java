package dev.switchboard.arch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Checks how the build's modules are found, on small trees of poms written for each test, and that the real tree has
 * no plugin directory outside the build.
 */
class BuildModulesTest {

    /** Surefire runs in this module's directory, one level below the root pom. */
    private static final Path REPOSITORY = Path.of("..");

    @TempDir
    Path root;

    @Test
    void followsModulesThroughNestedAggregators() throws IOException {
        aggregator(root, "ports", "plugins");
        aggregator(root.resolve("plugins"), "alpha");
        source(root.resolve("ports"), "dev/example/ports/Port.java");
        source(root.resolve("plugins/alpha"), "dev/example/alpha/AlphaPlugin.java");
        source(root.resolve("plugins/alpha"), "dev/example/alpha/package-info.java");

        assertThat(BuildModules.read(root))
                .containsExactly(
                        new BuildModules.Module("ports", List.of("dev.example.ports.Port")),
                        new BuildModules.Module("plugins", List.of()),
                        new BuildModules.Module("plugins/alpha", List.of("dev.example.alpha.AlphaPlugin")));
    }

    @Test
    void namesTheModuleAndTheClassesAnImportLacks() throws IOException {
        aggregator(root, "ports", "plugins");
        aggregator(root.resolve("plugins"), "alpha");
        source(root.resolve("ports"), "dev/example/ports/Port.java");
        source(root.resolve("plugins/alpha"), "dev/example/alpha/AlphaPlugin.java");
        source(root.resolve("plugins/alpha"), "dev/example/alpha/domain/Thing.java");

        Map<String, List<String>> missing =
                BuildModules.classesNotImported(BuildModules.read(root), Set.of("dev.example.ports.Port"));

        assertThat(missing)
                .containsExactly(Map.entry(
                        "plugins/alpha", List.of("dev.example.alpha.AlphaPlugin", "dev.example.alpha.domain.Thing")));
    }

    @Test
    void reportsNothingWhenEveryClassIsImported() throws IOException {
        aggregator(root, "ports");
        source(root.resolve("ports"), "dev/example/ports/Port.java");

        assertThat(BuildModules.classesNotImported(BuildModules.read(root), Set.of("dev.example.ports.Port")))
                .isEmpty();
    }

    @Test
    void namesAPluginDirectoryThatNoPomLists() throws IOException {
        aggregator(root, "plugins");
        aggregator(root.resolve("plugins"), "alpha");
        aggregator(root.resolve("plugins/alpha"));
        aggregator(root.resolve("plugins/metrics"));
        Files.createDirectories(root.resolve("plugins/src/assembly"));

        assertThat(BuildModules.pluginDirectoriesOutsideTheBuild(root)).containsExactly("plugins/metrics");
    }

    @Test
    void refusesAModuleWhosePomIsMissing() throws IOException {
        aggregator(root, "ports");

        assertThatThrownBy(() -> BuildModules.read(root))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining(
                        "no pom at " + root.resolve("ports").resolve("pom.xml").toAbsolutePath());
    }

    @Test
    void everyPluginDirectoryOfThisRepositoryIsAModuleOfTheBuild() {
        assertThat(BuildModules.pluginDirectoriesOutsideTheBuild(REPOSITORY))
                .as("directories under plugins/ with a pom that plugins/pom.xml does not list as a <module>")
                .isEmpty();
    }

    private static void aggregator(Path directory, String... modules) throws IOException {
        StringBuilder pom = new StringBuilder("""
                <?xml version="1.0" encoding="UTF-8"?>
                <project xmlns="http://maven.apache.org/POM/4.0.0">
                  <modelVersion>4.0.0</modelVersion>
                  <modules>
                """);
        for (String module : modules) {
            pom.append("    <module>").append(module).append("</module>\n");
        }
        pom.append("  </modules>\n</project>\n");
        Files.createDirectories(directory);
        Files.writeString(directory.resolve("pom.xml"), pom);
    }

    private static void source(Path module, String path) throws IOException {
        if (!Files.exists(module.resolve("pom.xml"))) {
            aggregator(module);
        }
        Path file = module.resolve("src/main/java").resolve(path);
        Files.createDirectories(file.getParent());
        Files.writeString(file, "// a class of the test tree\n");
    }
}
