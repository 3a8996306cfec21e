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

import dev.switchboard.ports.plugin.PluginContext;

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
        assertThat(config.kernel().auth())
                .isEqualTo(new AuthSettings(true, userHome.resolve(".switchboard/owner.token"), true));
    }

    @Test
    void readsAuthSettingsWithTokenFileRelativeToTheStateDirectory() throws IOException {
        write("kernel:\n  state-dir: /srv/sb\n  auth:\n    required: false\n    token-file: keys/owner\n");

        AuthSettings auth =
                new ConfigLoader().load(home, null, Map.of(), userHome).kernel().auth();

        assertThat(auth.required()).isFalse();
        assertThat(auth.tokenFile()).isEqualTo(Path.of("/srv/sb/keys/owner"));
        assertThat(auth.generateIfMissing()).isTrue();
    }

    @Test
    void readsAbsoluteAndHomeRelativeTokenFiles() throws IOException {
        write("kernel:\n  auth:\n    token-file: ~/secrets/sb.token\n");
        assertThat(new ConfigLoader()
                        .load(home, null, Map.of(), userHome)
                        .kernel()
                        .auth()
                        .tokenFile())
                .isEqualTo(userHome.resolve("secrets/sb.token"));

        write("kernel:\n  auth:\n    token-file: /etc/sb/token\n");
        assertThat(new ConfigLoader()
                        .load(home, null, Map.of(), userHome)
                        .kernel()
                        .auth()
                        .tokenFile())
                .isEqualTo(Path.of("/etc/sb/token"));
    }

    @Test
    void environmentCanTurnAuthenticationOffAndMoveTheTokenFile() {
        AuthSettings auth = new ConfigLoader()
                .load(
                        home,
                        null,
                        Map.of(
                                "SWITCHBOARD_KERNEL__AUTH__REQUIRED", "False",
                                "SWITCHBOARD_KERNEL__AUTH__TOKEN_FILE", "/run/sb/token"),
                        userHome)
                .kernel()
                .auth();

        assertThat(auth.required()).isFalse();
        assertThat(auth.tokenFile()).isEqualTo(Path.of("/run/sb/token"));
    }

    @Test
    void refusesUnknownAuthKeysAndNonBooleanRequired() throws IOException {
        write("kernel:\n  auth:\n    tokenfile: /x\n");
        assertThatThrownBy(() -> new ConfigLoader().load(home, null, Map.of(), userHome))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("kernel.auth.tokenfile")
                .hasMessageContaining("token-file");

        write("kernel:\n  auth:\n    required: maybe\n");
        assertThatThrownBy(() -> new ConfigLoader().load(home, null, Map.of(), userHome))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("kernel.auth.required");

        write("kernel:\n  auth: yes\n");
        assertThatThrownBy(() -> new ConfigLoader().load(home, null, Map.of(), userHome))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("kernel.auth");
    }

    @Test
    void pluginSettingOverrideReturnsANewConfigurationAndLeavesTheOldOneAlone() throws IOException {
        write("plugins:\n  transport-http:\n    port: 9000\n    max-sessions: 8\n");
        SwitchboardConfig config = new ConfigLoader().load(home, null, Map.of(), userHome);

        SwitchboardConfig changed = config.withPluginSetting("transport-http", "port", 9100)
                .withPluginSetting("transport-http", "host", "0.0.0.0")
                .withPluginSetting("other", "flag", true);

        assertThat(changed.pluginConfig("transport-http"))
                .containsEntry("port", 9100)
                .containsEntry("host", "0.0.0.0")
                .containsEntry("max-sessions", 8);
        assertThat(changed.pluginConfig("other")).containsEntry("flag", true);
        assertThat(config.pluginConfig("transport-http"))
                .containsEntry("port", 9000)
                .doesNotContainKey("host");
        assertThat(config.pluginConfig("other")).isEmpty();
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
        assertThat(config.pluginConfig("storage-sqlite"))
                .containsEntry("path", "/tmp/x.db")
                .containsEntry("busy-timeout-ms", 100);
    }

    @Test
    void environmentOverridesTheFileWithDoubleUnderscoreLevels() throws IOException {
        write("kernel:\n  storage: sqlite\nplugins:\n  storage-sqlite:\n    path: /from/file.db\n");

        SwitchboardConfig config = new ConfigLoader()
                .load(
                        home,
                        null,
                        Map.of(
                                "SWITCHBOARD_KERNEL__STATE_DIR", "/srv/sb",
                                "SWITCHBOARD_KERNEL__TRANSPORTS", "stdio, http",
                                "SWITCHBOARD_PLUGINS__STORAGE_SQLITE__PATH", "/from/env.db",
                                "SWITCHBOARD_HOME", "/ignored"),
                        userHome);

        assertThat(config.kernel().stateDir()).isEqualTo(Path.of("/srv/sb"));
        assertThat(config.kernel().transports()).isEqualTo(List.of("stdio", "http"));
        assertThat(config.pluginConfig("storage-sqlite")).containsEntry("path", "/from/env.db");
    }

    @Test
    void theVariableASessionSetsASettingWithIsTheOneThatOverridesItForTheProcess() {
        // ADR 32: PluginContext.settingVariable (ports) and these overrides must name the same variable.
        SwitchboardConfig config = new ConfigLoader()
                .load(
                        home,
                        null,
                        Map.of(
                                PluginContext.settingVariable("storage-sqlite", "busy-timeout-ms"), "900",
                                PluginContext.settingVariable("workspace", "receipts.max-count"), "7"),
                        userHome);

        assertThat(config.pluginConfig("storage-sqlite")).containsEntry("busy-timeout-ms", "900");
        assertThat(config.pluginConfig("workspace")).containsEntry("receipts", Map.of("max-count", "7"));
    }

    @Test
    void refusesUnknownKernelKeyNamingIt() throws IOException {
        write("kernel:\n  stat-dir: /typo\n");

        assertThatThrownBy(() -> new ConfigLoader().load(home, null, Map.of(), userHome))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("kernel.stat-dir")
                .hasMessageContaining("state-dir");
    }

    @Test
    void unknownKeySetByAnEnvironmentVariableIsBlamedOnThatVariableNotOnAFileThatDoesNotExist() {
        assertThatThrownBy(() ->
                        new ConfigLoader().load(home, null, Map.of("SWITCHBOARD_KERNEL__STAT_DIR", "/x"), userHome))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("kernel.stat-dir")
                .hasMessageContaining("environment variable SWITCHBOARD_KERNEL__STAT_DIR")
                .hasMessageNotContaining("application.yaml");
        assertThatThrownBy(() -> new ConfigLoader()
                        .load(home, null, Map.of("SWITCHBOARD_KERNEL__AUTH__REQUIRED", "maybe"), userHome))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("environment variable SWITCHBOARD_KERNEL__AUTH__REQUIRED")
                .hasMessageNotContaining("application.yaml");
    }

    @Test
    void binaryConfigurationFileIsCalledNotUtf8Text() throws IOException {
        Path file = home.resolve(ConfigLoader.DEFAULT_FILE);
        Files.createDirectories(file.getParent());
        Files.write(file, new byte[] {(byte) 0xff, (byte) 0xfe, 0x00, (byte) 0x80, 0x41});

        assertThatThrownBy(() -> new ConfigLoader().load(home, null, Map.of(), userHome))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining(file.toString())
                .hasMessageContaining("not UTF-8 text")
                .hasMessageNotContaining("Input length");
    }

    @Test
    void stateDirectoryGivenOnTheCommandLineComesBeforeTheEnvironmentAndTheFileAndMovesTheTokenFile()
            throws IOException {
        write("kernel:\n  state-dir: /from/file\n");
        Map<String, String> env = Map.of("SWITCHBOARD_KERNEL__STATE_DIR", "/from/env");

        assertThat(new ConfigLoader()
                        .load(home, null, Map.of(), userHome)
                        .kernel()
                        .stateDir())
                .isEqualTo(Path.of("/from/file"));
        assertThat(new ConfigLoader().load(home, null, env, userHome).kernel().stateDir())
                .isEqualTo(Path.of("/from/env"));
        SwitchboardConfig chosen = new ConfigLoader().load(home, null, env, userHome, Path.of("/from/cli"));
        assertThat(chosen.kernel().stateDir()).isEqualTo(Path.of("/from/cli"));
        assertThat(chosen.kernel().auth().tokenFile()).isEqualTo(Path.of("/from/cli/owner.token"));
    }

    @Test
    void refusesMalformedYamlNamingTheFile() throws IOException {
        write("kernel: [unclosed\n");

        assertThatThrownBy(() -> new ConfigLoader().load(home, null, Map.of(), userHome))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("application.yaml");
    }

    @Test
    void refusesAnExplicitFileThatDoesNotExist() {
        assertThatThrownBy(() -> new ConfigLoader().load(home, home.resolve("nope.yaml"), Map.of(), userHome))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("nope.yaml");
    }

    @Test
    void toleratesEmptyPluginKeys() throws IOException {
        write("plugins:\n  storage-sqlite:\n    path:\n");

        SwitchboardConfig config = new ConfigLoader().load(home, null, Map.of(), userHome);

        assertThat(config.pluginConfig("storage-sqlite")).doesNotContainKey("path");
    }

    @Test
    void readsYamlScalarsAsJsonValuesKeysAsStringsAndTheLastOfARepeatedKey() throws IOException {
        write("""
                plugins:
                  workspace:
                    flag: true
                    ratio: 0.5
                    nothing: ~
                    words: [a, 2]
                    404: not found
                    limit: 1
                    limit: 2
                """);

        // workspace's zip is absent here, so its settings are taken as they are (ADR: an absent plugin's keys)
        Map<String, Object> demo =
                new ConfigLoader().load(home, null, Map.of(), userHome).pluginConfig("workspace");

        assertThat(demo)
                .containsEntry("flag", true)
                .containsEntry("ratio", 0.5)
                .containsEntry("limit", 2)
                .containsEntry("404", "not found")
                .containsEntry("words", List.of("a", 2))
                .doesNotContainKey("nothing");
    }

    @Test
    void refusesAFileWhoseTopLevelIsNotAMapping() throws IOException {
        write("- kernel\n- plugins\n");

        assertThatThrownBy(() -> new ConfigLoader().load(home, null, Map.of(), userHome))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("application.yaml")
                .hasMessageContaining("mapping");
    }

    @Test
    void attachIsOnByDefaultAndTurnedOffByTheFileOrTheEnvironment() throws IOException {
        assertThat(new ConfigLoader()
                        .load(home, null, Map.of(), userHome)
                        .kernel()
                        .attach())
                .isTrue();
        assertThat(new ConfigLoader()
                        .load(home, null, Map.of("SWITCHBOARD_KERNEL__ATTACH", "FALSE"), userHome)
                        .kernel()
                        .attach())
                .isFalse();

        write("kernel:\n  attach: false\n");
        assertThat(new ConfigLoader()
                        .load(home, null, Map.of(), userHome)
                        .kernel()
                        .attach())
                .isFalse();
    }

    @Test
    void refusesAnAttachValueThatIsNotABoolean() throws IOException {
        write("kernel:\n  attach: sometimes\n");

        assertThatThrownBy(() -> new ConfigLoader().load(home, null, Map.of(), userHome))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("kernel.attach")
                .hasMessageContaining("must be true or false, was: sometimes");
    }

    private void write(String yaml) throws IOException {
        Files.createDirectories(home.resolve("config"));
        Files.writeString(home.resolve(ConfigLoader.DEFAULT_FILE), yaml);
    }
}
