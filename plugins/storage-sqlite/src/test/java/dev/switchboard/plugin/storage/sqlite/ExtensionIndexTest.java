package dev.switchboard.plugin.storage.sqlite;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;

/** PF4J finds extensions only through the index its annotation processor writes; without it the plugin is inert. */
class ExtensionIndexTest {

    @Test
    void compiledClassesListTheStorageProviderInTheExtensionIndex() throws IOException, URISyntaxException {
        Path classes = Path.of(SqliteStorageProvider.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        Path index = classes.resolve("META-INF/extensions.idx");

        assertThat(index).exists();
        assertThat(Files.readAllLines(index)).contains(SqliteStorageProvider.class.getName());
    }
}
