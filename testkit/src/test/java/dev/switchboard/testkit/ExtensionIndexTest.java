package dev.switchboard.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.ports.health.HealthCheck;
import dev.switchboard.ports.plugin.ManagedService;
import dev.switchboard.testkit.plugin.ExtensionIndex;
import dev.switchboard.testkit.sample.SampleHealth;
import dev.switchboard.testkit.sample.SampleModule;
import dev.switchboard.testkit.sample.SampleService;

class ExtensionIndexTest {

    @TempDir
    Path dir;

    @Test
    void readsTheIndexTheAnnotationProcessorWroteAndFindsExtensionsByType() {
        ExtensionIndex index = ExtensionIndex.of(SampleModule.class);

        assertThat(index.classNames()).contains(SampleHealth.class.getName(), SampleService.class.getName());
        assertThat(index.classesOf(HealthCheck.class)).containsExactly(SampleHealth.class);
        assertThat(index.classesOf(ManagedService.class)).containsExactly(SampleService.class);
        index.assertListsEveryExtension();
        index.assertLists(SampleHealth.class, SampleService.class);
    }

    @Test
    void anAnnotatedClassMissingFromTheIndexFailsTheCheckByName() throws Exception {
        Path classes = dir.resolve("classes");
        Path packageDir = classes.resolve(SampleHealth.class.getPackageName().replace('.', '/'));
        Files.createDirectories(packageDir);
        Files.createDirectories(classes.resolve("META-INF"));
        Files.copy(
                Path.of(SampleHealth.class.getResource("SampleHealth.class").toURI()),
                packageDir.resolve("SampleHealth.class"));
        Files.writeString(classes.resolve(ExtensionIndex.RESOURCE), SampleService.class.getName() + "\n");

        ExtensionIndex index = ExtensionIndex.at(classes, getClass().getClassLoader());

        assertThatThrownBy(index::assertListsEveryExtension)
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining(SampleHealth.class.getName())
                .hasMessageContaining("annotation processor");
        assertThatThrownBy(() -> index.assertLists(SampleHealth.class))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining(SampleHealth.class.getName());
    }

    @Test
    void aCodeSourceWithoutExtensionsFailsTheCheck() throws Exception {
        Files.createDirectories(dir.resolve("empty"));

        assertThatThrownBy(
                        ExtensionIndex.at(dir.resolve("empty"), getClass().getClassLoader())::assertListsEveryExtension)
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("no class");
    }

    @Test
    void readsTheIndexInsideAJar() throws Exception {
        Path jar = dir.resolve("sample.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
            out.putNextEntry(new JarEntry(ExtensionIndex.RESOURCE));
            out.write(Files.readAllBytes(
                    ExtensionIndex.of(SampleModule.class).codeSource().resolve(ExtensionIndex.RESOURCE)));
            out.closeEntry();
        }

        assertThat(ExtensionIndex.at(jar, getClass().getClassLoader()).classNames())
                .contains(SampleHealth.class.getName(), SampleService.class.getName());
    }
}
