package dev.switchboard.kernel.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every key of the file and every {@code SWITCHBOARD_*} variable that names no setting is refused,
 * naming the key, where it was set and the closest known key; settings of disabled, absent or undeclared plugins are
 * not typos.
 */
class UnknownSettingsTest {

    @TempDir
    Path home;

    private final Path userHome = Path.of("/home/someone");

    @BeforeEach
    void installPlugins() throws IOException {
        Files.createDirectories(home.resolve("plugins"));
        zip("mailbox", "plugin.settings=role,channel,wake-max-s\n");
        zip("workspace", "plugin.settings=home,roots,receipts.max-age-days,receipts.max-count\n");
        zip("fixture", "plugin.settings=\n");
        zip("storage-sqlite", "plugin.settings=path,busy-timeout-ms,signal-poll-ms\n");
        zip("third-party", "plugin.settings=*\n");
        // disabled plugins are still known by their descriptors
        Files.writeString(home.resolve("plugins/disabled.txt"), "workspace\n");
    }

    @Test
    void misspeltTopLevelSectionInTheFileNamesTheFileAndTheKeyItMeant() throws IOException {
        Path file = write("kernal:\n  state-dir: /srv/sb\n");

        assertThatThrownBy(() -> load(Map.of()))
                .isInstanceOf(UnknownSettingException.class)
                .hasMessage("unknown key kernal.state-dir in " + file + "; did you mean kernel.state-dir?");
    }

    @Test
    void misspeltPluginIdInTheFileIsRefusedWithTheInstalledPluginItResembles() throws IOException {
        write("plugins:\n  mailboxx:\n    role: backend\n");

        assertThatThrownBy(() -> load(Map.of()))
                .isInstanceOf(UnknownSettingException.class)
                .hasMessageStartingWith("unknown key plugins.mailboxx.role in ")
                .hasMessageEndingWith("; did you mean plugins.mailbox.role?");
    }

    @Test
    void misspeltKeyOfADeclaringPluginIsRefusedAtLoadEvenWhileThePluginIsDisabled() throws IOException {
        write("plugins:\n  workspace:\n    receipts:\n      max-cuont: 5\n");

        assertThatThrownBy(() -> load(Map.of()))
                .isInstanceOf(UnknownSettingException.class)
                .hasMessageStartingWith("unknown key plugins.workspace.receipts.max-cuont in ")
                .hasMessageEndingWith("; did you mean plugins.workspace.receipts.max-count?");
    }

    @Test
    void variableWithAMisspeltLevelIsBlamedOnTheVariableAndSuggestsTheVariableItMeant() {
        assertThatThrownBy(() -> load(Map.of("SWITCHBOARD_KERNAL__STATE_DIR", "/srv/sb")))
                .isInstanceOf(UnknownSettingException.class)
                .hasMessage("unknown key kernal.state-dir (environment variable SWITCHBOARD_KERNAL__STATE_DIR); did you"
                        + " mean SWITCHBOARD_KERNEL__STATE_DIR?");
        assertThatThrownBy(() -> load(Map.of("SWITCHBOARD_PLUGIN__MAILBOX__ROLE", "backend")))
                .isInstanceOf(UnknownSettingException.class)
                .hasMessageEndingWith("did you mean SWITCHBOARD_PLUGINS__MAILBOX__ROLE?");
        assertThatThrownBy(() -> load(Map.of("SWITCHBOARD_PLUGINS__MAILBOX__ROLLE", "backend")))
                .isInstanceOf(UnknownSettingException.class)
                .hasMessageEndingWith("did you mean SWITCHBOARD_PLUGINS__MAILBOX__ROLE?");
    }

    @Test
    void settingWrittenWithSingleUnderscoresIsRefusedSayingLevelsTakeADoubleOne() {
        assertThatThrownBy(() -> load(Map.of("SWITCHBOARD_PLUGINS_MAILBOX_ROLE", "backend")))
                .isInstanceOf(UnknownSettingException.class)
                .hasMessageStartingWith("environment variable SWITCHBOARD_PLUGINS_MAILBOX_ROLE names no setting")
                .hasMessageContaining("double underscore")
                .hasMessageEndingWith("did you mean SWITCHBOARD_PLUGINS__MAILBOX__ROLE?");
        assertThatThrownBy(() -> load(Map.of("SWITCHBOARD_KERNEL_STATE_DIR", "/srv/sb")))
                .isInstanceOf(UnknownSettingException.class)
                .hasMessageEndingWith("did you mean SWITCHBOARD_KERNEL__STATE_DIR?");
    }

    @Test
    void variableBelowASingleSettingIsRefusedNamingTheSettingInsteadOfTurningItIntoAMapping() {
        assertThatThrownBy(() -> load(
                        Map.of("SWITCHBOARD_KERNEL__STATE_DIR", "/srv/sb", "SWITCHBOARD_KERNEL__STATE_DIR__FOO", "1")))
                .isInstanceOf(UnknownSettingException.class)
                .hasMessage(
                        "unknown key kernel.state-dir.foo (environment variable SWITCHBOARD_KERNEL__STATE_DIR__FOO);"
                                + " kernel.state-dir is a single setting, with no keys below it");
        assertThatThrownBy(() -> load(Map.of("SWITCHBOARD_PLUGINS__MAILBOX__ROLE__X", "1")))
                .isInstanceOf(UnknownSettingException.class)
                .hasMessage("unknown key plugins.mailbox.role.x (environment variable"
                        + " SWITCHBOARD_PLUGINS__MAILBOX__ROLE__X); plugins.mailbox.role is a single setting, with no"
                        + " keys below it");
        assertThatThrownBy(() -> load(Map.of("SWITCHBOARD_PLUGINS__STORAGE_SQLITE__PATH__X", "1")))
                .isInstanceOf(UnknownSettingException.class)
                .hasMessageStartingWith("unknown key plugins.storage-sqlite.path.x ");
    }

    @Test
    void mappingBelowASingleSettingInTheFileIsRefusedAsAnUnknownKey() throws IOException {
        Path file = write("kernel:\n  state-dir: {foo: 1}\n");

        assertThatThrownBy(() -> load(Map.of()))
                .isInstanceOf(UnknownSettingException.class)
                .hasMessage("unknown key kernel.state-dir.foo in " + file
                        + "; kernel.state-dir is a single setting, with no keys below it");

        write("plugins:\n  workspace:\n    receipts:\n      max-count: {a: 1}\n");
        assertThatThrownBy(() -> load(Map.of()))
                .isInstanceOf(UnknownSettingException.class)
                .hasMessageStartingWith("unknown key plugins.workspace.receipts.max-count.a in ");
    }

    @Test
    void listOrEmptyMappingWhereTheKernelTakesASingleValueIsAnInvalidSettingNeverItsText() throws IOException {
        Path file = write("kernel:\n  state-dir: [a, b]\n");
        assertThatThrownBy(() -> load(Map.of()))
                .isInstanceOf(ConfigException.class)
                .isNotInstanceOf(UnknownSettingException.class)
                .hasMessage("kernel.state-dir in " + file + " must be a single value, was a list: [a, b]");

        write("kernel:\n  plugins-dir: {}\n");
        assertThatThrownBy(() -> load(Map.of()))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("kernel.plugins-dir in ")
                .hasMessageContaining("must be a single value, was a mapping");

        write("kernel:\n  storage: [sqlite]\n");
        assertThatThrownBy(() -> load(Map.of())).hasMessageContaining("kernel.storage in ");
        write("kernel:\n  auth:\n    token-file: [a]\n");
        assertThatThrownBy(() -> load(Map.of())).hasMessageContaining("kernel.auth.token-file in ");
        write("kernel:\n  attach: [true]\n");
        assertThatThrownBy(() -> load(Map.of())).hasMessageContaining("kernel.attach in ");
        write("kernel:\n  transports: {}\n");
        assertThatThrownBy(() -> load(Map.of())).hasMessageContaining("kernel.transports in ");
    }

    @Test
    void nearMissOfALauncherVariableIsRefusedWithTheVariableItMeant() {
        assertThatThrownBy(() -> load(Map.of("SWITCHBOARD_JAVA_OPT", "-Xmx1g")))
                .isInstanceOf(UnknownSettingException.class)
                .hasMessage("environment variable SWITCHBOARD_JAVA_OPT names nothing Switchboard reads; did you mean"
                        + " SWITCHBOARD_JAVA_OPTS?");
    }

    @Test
    void variablesSwitchboardReadsOrSetsAndTheUsersOwnAreTaken() {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("SWITCHBOARD_JAVA_HOME", "/usr/lib/jvm/jdk");
        env.put("SWITCHBOARD_JAVA_OPTS", "-Xmx1g");
        env.put("SWITCHBOARD_LOG_LEVEL", "info");
        env.put("SWITCHBOARD_HOME", "/opt/switchboard");
        env.put("SWITCHBOARD_POSTGRES_PASSWORD", "secret");
        env.put("SWITCHBOARD_RUN", "12-34.abc");
        env.put("SWITCHBOARD_RUN_LABEL", "ws-1:2");
        env.put("SWITCHBOARD_AOT_OUTPUT", "/tmp/x.aot");
        env.put("SWITCHBOARD_TOKEN", "sbt_x");
        env.put("SWITCHBOARD_PROJ_TOKEN", "cct_x"); // a client's bearer_token_env_var, as the mailbox guide names one
        env.put("SWITCHBOARD_E2E_HOME", "/tmp/e2e");
        env.put("SWITCHBOARD_MY_PG_PASSWORD", "secret");
        env.put("SWITCHBOARD_KERNEL__ATTACH", "false");
        env.put("SWITCHBOARD_KERNEL__AUTH__TOKEN_FILE", "/run/owner.token");
        env.put("SWITCHBOARD_KERNEL__TOOL_PREFIXES__HANDOFF", "hf_");
        env.put("SWITCHBOARD_PLUGINS__MAILBOX__ROLE", "backend");
        env.put("SWITCHBOARD_PLUGINS__WORKSPACE__RECEIPTS__MAX_COUNT", "7");
        env.put("SWITCHBOARD_PLUGINS__THIRD_PARTY__ANYTHING", "1");
        env.put("SWITCHBOARD_PLUGINS__HANDOFF__WHATEVER", "1"); // handoff's zip is absent: its keys are its own
        env.put("SWITCHBOARD_PLUGINS__STORAGE_POSTGRES__PASSWORD_ENV", "SWITCHBOARD_MY_PG_PASSWORD");

        assertThatCode(() -> load(env)).doesNotThrowAnyException();
    }

    @Test
    void pluginDeclaringNoSettingsRefusesEveryKeyButTakesAnEmptySection() throws IOException {
        write("plugins:\n  fixture:\n");
        assertThatCode(() -> load(Map.of())).doesNotThrowAnyException();

        write("plugins:\n  fixture:\n    mode: on\n");
        assertThatThrownBy(() -> load(Map.of()))
                .isInstanceOf(UnknownSettingException.class)
                .hasMessageStartingWith("unknown key plugins.fixture.mode in ");
    }

    @Test
    void closestIsTheCandidateFewestEditsAway() {
        assertThat(Closest.distance("kernal", "kernel")).isEqualTo(1);
        assertThat(Closest.distance("", "abc")).isEqualTo(3);
        assertThat(Closest.distance("mailboxx", "mailbox")).isEqualTo(1);
        assertThat(Closest.to("plugins.mailboxx", java.util.List.of("plugins.metrics", "plugins.mailbox", "kernel")))
                .contains("plugins.mailbox");
        assertThat(Closest.to("x", java.util.List.of())).isEmpty();
    }

    private SwitchboardConfig load(Map<String, String> env) {
        return new ConfigLoader().load(home, null, env, userHome);
    }

    private Path write(String yaml) throws IOException {
        Path file = home.resolve(ConfigLoader.DEFAULT_FILE);
        Files.createDirectories(file.getParent());
        Files.writeString(file, yaml);
        return file;
    }

    private void zip(String id, String properties) throws IOException {
        Path zip = home.resolve("plugins/" + id + "-0.1.0.zip");
        try (OutputStream file = Files.newOutputStream(zip);
                ZipOutputStream out = new ZipOutputStream(file)) {
            out.putNextEntry(new ZipEntry("plugin.properties"));
            out.write(("plugin.id=" + id + "\n" + properties).getBytes(StandardCharsets.UTF_8));
            out.closeEntry();
        }
    }
}
