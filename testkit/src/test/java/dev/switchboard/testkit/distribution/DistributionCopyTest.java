package dev.switchboard.testkit.distribution;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link Installation#copyOf}: what a copy of a built layout holds, and that changing it leaves the layout. */
class DistributionCopyTest {

    @TempDir
    Path dir;

    @Test
    void aCopyHasTheBuiltFilesWithTheirTimestampsAndLeavesOutExpandedPlugins() throws IOException {
        Path built = layout(dir.resolve("built"));
        FileTime trained = Files.getLastModifiedTime(built.resolve("lib/host.jar"));

        Installation copy = Installation.copyOf(built, dir.resolve("copy"));

        Path home = copy.home();
        assertThat(home.resolve("bin/switchboard")).hasContent("#!/bin/sh");
        assertThat(home.resolve("config/application.yaml")).hasContent("kernel: {}");
        assertThat(home.resolve("lib/switchboard.aot")).hasContent("cache");
        assertThat(Files.getLastModifiedTime(home.resolve("lib/host.jar"))).isEqualTo(trained);
        assertThat(home.resolve("plugins/mailbox.zip")).exists();
        assertThat(home.resolve("plugins/enabled.txt")).hasContent("mailbox");
        assertThat(home.resolve("plugins/mailbox")).doesNotExist();
        assertThat(copy.stateDir()).isDirectory();
        assertThat(Files.isSameFile(home.resolve("lib/switchboard.aot"), built.resolve("lib/switchboard.aot")))
                .as("lib/ linked, not written again, on one file system")
                .isTrue();
        assertThat(Files.isSameFile(home.resolve("config/application.yaml"), built.resolve("config/application.yaml")))
                .as("config/ copied")
                .isFalse();
    }

    @Test
    void changingACopysFilesLeavesTheBuiltLayoutAsItWas() throws IOException {
        Path built = layout(dir.resolve("built"));
        Installation copy = Installation.copyOf(built, dir.resolve("copy"));

        // as AttachVersionSkewIT gives a copy's kernel jar another build time: through a zip file system
        try (FileSystem jar = FileSystems.newFileSystem(
                URI.create("jar:" + copy.home().resolve("lib/host.jar").toUri()), Map.of())) {
            Files.writeString(jar.getPath("/build.properties"), "build.time=2000", StandardCharsets.UTF_8);
        }
        Files.delete(copy.home().resolve("lib/switchboard.aot"));
        Files.writeString(copy.home().resolve("config/application.yaml"), "kernel: {attach: false}");

        try (FileSystem jar = FileSystems.newFileSystem(
                URI.create("jar:" + built.resolve("lib/host.jar").toUri()), Map.of())) {
            assertThat(jar.getPath("/build.properties")).hasContent("build.time=1");
        }
        assertThat(built.resolve("lib/switchboard.aot")).hasContent("cache");
        assertThat(built.resolve("config/application.yaml")).hasContent("kernel: {}");
    }

    private static Path layout(Path built) throws IOException {
        Files.createDirectories(built.resolve("bin"));
        Files.writeString(built.resolve("bin/switchboard"), "#!/bin/sh");
        Files.createDirectories(built.resolve("config"));
        Files.writeString(built.resolve("config/application.yaml"), "kernel: {}");
        Files.createDirectories(built.resolve("lib/native"));
        Files.writeString(built.resolve("lib/switchboard.aot"), "cache");
        Files.writeString(built.resolve("lib/native/libsqlite.so"), "native");
        try (ZipOutputStream zip = new ZipOutputStream(Files.newOutputStream(built.resolve("lib/host.jar")))) {
            zip.putNextEntry(new ZipEntry("build.properties"));
            zip.write("build.time=1".getBytes(StandardCharsets.UTF_8));
            zip.closeEntry();
        }
        Files.setLastModifiedTime(built.resolve("lib/host.jar"), FileTime.fromMillis(1_000_000_000_000L));
        Files.createDirectories(built.resolve("plugins/mailbox"));
        Files.writeString(built.resolve("plugins/mailbox.zip"), "zip");
        Files.writeString(built.resolve("plugins/enabled.txt"), "mailbox");
        return built;
    }
}
