package dev.switchboard.kernel.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConfigLoaderTest {

    @TempDir
    Path home;

    private final Path userHome = Path.of("/home/someone");

    @Test
    void appliesDocumentedDefaultsWhenNoFileExists() {
        SwitchboardConfig config = new ConfigLoader().load(home, null, Map.of(), userHome);

        assertThat(config.source()).isNull();
        assertThat(config.kernel().stateDir()).isEqualTo(userHome.resolve(".switchboard"));
        assertThat(config.kernel().pluginsDir()).isEqualTo(home.resolve("plugins"));
        assertThat(config.kernel().storage()).isEqualTo("sqlite");
        assertThat(config.kernel().transports()).containsExactly("stdio");
        assertThat(config.kernel().toolPrefixes()).isEmpty();
        assertThat(config.pluginConfig("storage-sqlite")).isEmpty();
    }

    @Test
    void readsKernelAndPluginSubtreesFromTheFile() throws IOException {
        write("""
                kernel:
                  state-dir: ~/state
                  transports: [stdio, http]
                  tool-prefixes: {handoff: hf_}
                plugins:
                  storage-sqlite:
                    path: /tmp/x.db
                    busy-timeout-ms: 100
                """);

        SwitchboardConfig config = new ConfigLoader().load(home, null, Map.of(), userHome);

        assertThat(config.kernel().stateDir()).isEqualTo(userHome.resolve("state"));
        assertThat(config.kernel().transports()).containsExactly("stdio", "http");
        assertThat(config.kernel().toolPrefixes()).containsEntry("handoff", "hf_");
        assertThat(config.pluginConfig("storage-sqlite")).containsEntry("path", "/tmp/x.db")
                .containsEntry("busy-timeout-ms", 100);
    }

    @Test
    void environmentOverridesTheFileWithDoubleUnderscoreLevels() throws IOException {
        write("kernel:\n  storage: sqlite\nplugins:\n  storage-sqlite:\n    path: /from/file.db\n");

        SwitchboardConfig config = new ConfigLoader().load(home, null, Map.of(
                "SWITCHBOARD_KERNEL__STATE_DIR", "/srv/sb",
                "SWITCHBOARD_KERNEL__TRANSPORTS", "stdio, http",
                "SWITCHBOARD_PLUGINS__STORAGE_SQLITE__PATH", "/from/env.db",
                "SWITCHBOARD_HOME", "/ignored"), userHome);

        assertThat(config.kernel().stateDir()).isEqualTo(Path.of("/srv/sb"));
        assertThat(config.kernel().transports()).isEqualTo(List.of("stdio", "http"));
        assertThat(config.pluginConfig("storage-sqlite")).containsEntry("path", "/from/env.db");
    }

    @Test
    void refusesUnknownKernelKeyNamingIt() throws IOException {
        write("kernel:\n  stat-dir: /typo\n");

        assertThatThrownBy(() -> new ConfigLoader().load(home, null, Map.of(), userHome))
                .isInstanceOf(ConfigException.class).hasMessageContaining("kernel.stat-dir")
                .hasMessageContaining("state-dir");
    }

    @Test
    void refusesMalformedYamlNamingTheFile() throws IOException {
        write("kernel: [unclosed\n");

        assertThatThrownBy(() -> new ConfigLoader().load(home, null, Map.of(), userHome))
                .isInstanceOf(ConfigException.class).hasMessageContaining("application.yaml");
    }

    @Test
    void refusesAnExplicitFileThatDoesNotExist() {
        assertThatThrownBy(() -> new ConfigLoader().load(home, home.resolve("nope.yaml"), Map.of(), userHome))
                .isInstanceOf(ConfigException.class).hasMessageContaining("nope.yaml");
    }

    @Test
    void toleratesEmptyPluginKeys() throws IOException {
        write("plugins:\n  storage-sqlite:\n    path:\n");

        SwitchboardConfig config = new ConfigLoader().load(home, null, Map.of(), userHome);

        assertThat(config.pluginConfig("storage-sqlite")).doesNotContainKey("path");
    }

    private void write(String yaml) throws IOException {
        Files.createDirectories(home.resolve("config"));
        Files.writeString(home.resolve(ConfigLoader.DEFAULT_FILE), yaml);
    }
}
