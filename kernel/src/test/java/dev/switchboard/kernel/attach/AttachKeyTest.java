package dev.switchboard.kernel.attach;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.HashMap;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.kernel.config.ConfigLoader;
import dev.switchboard.kernel.config.SwitchboardConfig;

class AttachKeyTest {

    private static final String BUILD = "0.1.0-SNAPSHOT@2026-12-02T10:00:00Z";

    @TempDir
    Path home;

    private Path plugins;

    private final Map<String, String> env = new HashMap<>();

    @BeforeEach
    void installPlugins() throws IOException {
        plugins = Files.createDirectories(home.resolve("plugins"));
        zip(
                "mailbox",
                "plugin.id=mailbox\nplugin.session-settings=role, channel\n"
                        + "plugin.session-variables=AI_AGENT_CHANNEL_ROLE\n");
        zip("workspace", "plugin.id=workspace\n");
        Files.createDirectories(home.resolve("config"));
        Files.writeString(
                home.resolve(ConfigLoader.DEFAULT_FILE),
                "kernel:\n  state-dir: " + home.resolve("state") + "\nplugins:\n  mailbox:\n    role: lead\n"
                        + "    receipts: 5\n  workspace:\n    home: /srv/work\n");
        env.put("HOME", home.toString());
    }

    @Test
    void isSixteenLowercaseHexCharactersAndTheSameForTheSameSettings() {
        String first = key();

        assertThat(first).matches("[0-9a-f]{16}");
        assertThat(key()).isEqualTo(first);
    }

    @Test
    void ignoresADeclaredSessionSettingSetInTheFileOrTheEnvironment() throws IOException {
        String before = key();

        env.put("SWITCHBOARD_PLUGINS__MAILBOX__ROLE", "reviewer");
        env.put("SWITCHBOARD_PLUGINS__MAILBOX__CHANNEL", "team-b");
        assertThat(key()).isEqualTo(before);

        Files.writeString(
                home.resolve(ConfigLoader.DEFAULT_FILE),
                Files.readString(home.resolve(ConfigLoader.DEFAULT_FILE)).replace("role: lead", "role: coder"));
        assertThat(key()).isEqualTo(before);
    }

    @Test
    void ignoresSessionVariablesAndTheTransports() {
        String before = key();

        env.put("AI_AGENT_CHANNEL_ROLE", "tester");
        env.put("SWITCHBOARD_KERNEL__TRANSPORTS", "stdio,http");
        env.put("SWITCHBOARD_KERNEL__ATTACH", "false");

        assertThat(key()).isEqualTo(before);
    }

    @Test
    void changesWithAnyOtherPluginSetting() {
        String before = key();

        env.put("SWITCHBOARD_PLUGINS__MAILBOX__RECEIPTS", "6");
        assertThat(key()).isNotEqualTo(before);

        env.remove("SWITCHBOARD_PLUGINS__MAILBOX__RECEIPTS");
        env.put("SWITCHBOARD_PLUGINS__WORKSPACE__HOME", "/srv/other");
        assertThat(key()).isNotEqualTo(before);
    }

    @Test
    void aSettingUndeclaredByItsOwnPluginSelectsAnotherServer() {
        String before = key();

        // "role" is a session setting of mailbox only: in workspace's subtree it is process-wide.
        env.put("SWITCHBOARD_PLUGINS__WORKSPACE__ROLE", "lead");

        assertThat(key()).isNotEqualTo(before);
    }

    @Test
    void changesWithKernelSettings() {
        String before = key();

        env.put("SWITCHBOARD_KERNEL__STORAGE", "postgres");
        assertThat(key()).isNotEqualTo(before);

        env.remove("SWITCHBOARD_KERNEL__STORAGE");
        env.put("SWITCHBOARD_KERNEL__STATE_DIR", home.resolve("other-state").toString());
        assertThat(key()).isNotEqualTo(before);
    }

    @Test
    void changesWithDisabledTxtAndEnabledTxt() throws IOException {
        String before = key();

        Files.writeString(plugins.resolve("disabled.txt"), "");
        String emptyDisabled = key();
        assertThat(emptyDisabled).isNotEqualTo(before);

        Files.writeString(plugins.resolve("disabled.txt"), "workspace\n");
        assertThat(key()).isNotEqualTo(emptyDisabled).isNotEqualTo(before);

        Files.delete(plugins.resolve("disabled.txt"));
        Files.writeString(plugins.resolve("enabled.txt"), "mailbox\n");
        assertThat(key()).isNotEqualTo(before);
    }

    @Test
    void changesWithAPluginZipAddedReplacedOrTouched() throws IOException {
        String before = key();

        Path extra = zip("metrics", "plugin.id=metrics\n");
        String added = key();
        assertThat(added).isNotEqualTo(before);

        Files.setLastModifiedTime(
                extra, FileTime.fromMillis(Files.getLastModifiedTime(extra).toMillis() - 60_000));
        assertThat(key()).isNotEqualTo(added);

        Files.delete(extra);
        assertThat(key()).isEqualTo(before);
    }

    @Test
    void changesWithTheBuild() {
        assertThat(AttachKey.of(config(), "0.2.0@2026-12-03T10:00:00Z")).isNotEqualTo(key());
    }

    @Test
    void readsTheSessionDeclarationsFromEachZipsPluginProperties() {
        SessionDeclarations declarations = SessionDeclarations.read(plugins);

        assertThat(declarations.settingsOf("mailbox")).containsExactly("role", "channel");
        assertThat(declarations.settingsOf("workspace")).isEmpty();
        assertThat(declarations.variables()).containsExactly("AI_AGENT_CHANNEL_ROLE");
        assertThat(declarations.settingVariables())
                .containsExactly("SWITCHBOARD_PLUGINS__MAILBOX__ROLE", "SWITCHBOARD_PLUGINS__MAILBOX__CHANNEL");
        assertThat(SessionDeclarations.settingVariable("transport-stdio", "shared-idle-s"))
                .isEqualTo("SWITCHBOARD_PLUGINS__TRANSPORT_STDIO__SHARED_IDLE_S");
    }

    @Test
    void aMissingPluginsDirectoryDeclaresNothing() {
        assertThat(SessionDeclarations.read(home.resolve("absent")).settings()).isEmpty();
    }

    private String key() {
        return AttachKey.of(config(), BUILD);
    }

    private SwitchboardConfig config() {
        return new ConfigLoader().load(home, null, env, home);
    }

    private Path zip(String id, String properties) throws IOException {
        Path zip = plugins.resolve(id + "-0.1.0.zip");
        try (OutputStream file = Files.newOutputStream(zip);
                ZipOutputStream out = new ZipOutputStream(file)) {
            out.putNextEntry(new ZipEntry("plugin.properties"));
            out.write(properties.getBytes(StandardCharsets.ISO_8859_1));
            out.closeEntry();
            out.putNextEntry(new ZipEntry("lib/" + id + ".jar"));
            out.write(new byte[] {1, 2, 3});
            out.closeEntry();
        }
        return zip;
    }
}
