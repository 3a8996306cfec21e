package dev.switchboard.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pf4j.DefaultPluginManager;
import org.pf4j.PluginState;
import org.pf4j.PluginWrapper;

import dev.switchboard.testkit.plugin.PluginZip;
import dev.switchboard.testkit.sample.SampleModule;
import dev.switchboard.testkit.sample.SamplePlugin;
import dev.switchboard.testkit.sample.SampleService;

class PluginZipTest {

    @TempDir
    Path dir;

    @Test
    void writesTheDescriptorTheClassesAndAnIndexOfOnlyTheGivenExtensions() throws IOException {
        Path zip = PluginZip.of("sample", SamplePlugin.class, SampleModule.class, List.of(SampleService.class))
                .writeTo(dir);

        assertThat(zip).isEqualTo(dir.resolve("sample.zip"));
        try (ZipFile file = new ZipFile(zip.toFile())) {
            Properties descriptor = new Properties();
            try (InputStream in = file.getInputStream(file.getEntry("plugin.properties"))) {
                descriptor.load(in);
            }
            assertThat(descriptor)
                    .containsEntry("plugin.id", "sample")
                    .containsEntry("plugin.version", "1.0.0")
                    .containsEntry("plugin.class", SamplePlugin.class.getName())
                    .containsEntry("plugin.module", SampleModule.class.getName());
            try (InputStream in = file.getInputStream(file.getEntry("classes/META-INF/extensions.idx"))) {
                assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8).lines())
                        .containsExactly(SampleService.class.getName());
            }
            List<String> names = new ArrayList<>();
            file.stream().map(ZipEntry::getName).forEach(names::add);
            assertThat(names).containsAll(classFilesOfThePluginPackage());
        }
    }

    @Test
    void pf4jLoadsTheZipAndFindsItsExtension() {
        Path plugins = dir.resolve("plugins");
        try {
            Files.createDirectories(plugins);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        PluginZip.of("sample", SamplePlugin.class, null, List.of(SampleService.class))
                .writeTo(plugins);
        DefaultPluginManager manager = new DefaultPluginManager(plugins);
        manager.loadPlugins();
        manager.startPlugins();

        PluginWrapper plugin = manager.getPlugin("sample");
        assertThat(plugin.getPluginState()).isEqualTo(PluginState.STARTED);
        assertThat(manager.getExtensionClassNames("sample")).containsExactly(SampleService.class.getName());
        manager.stopPlugin("sample");
    }

    /** Every compiled class of the sample's package, nested and anonymous ones included, as zip entry names. */
    private static List<String> classFilesOfThePluginPackage() throws IOException {
        Path packageDir;
        try {
            packageDir = Path.of(
                            SamplePlugin.class.getResource("SamplePlugin.class").toURI())
                    .getParent();
        } catch (java.net.URISyntaxException e) {
            throw new IOException(e);
        }
        try (var files = Files.list(packageDir)) {
            List<String> names = files.map(file -> "classes/dev/switchboard/testkit/sample/" + file.getFileName())
                    .filter(name -> name.endsWith(".class"))
                    .toList();
            assertThat(names).contains("classes/dev/switchboard/testkit/sample/SampleGreetTool.class");
            return names;
        }
    }
}
