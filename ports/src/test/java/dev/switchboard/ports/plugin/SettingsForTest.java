package dev.switchboard.ports.plugin;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

import dev.switchboard.ports.call.LocalSession;
import dev.switchboard.ports.call.Principal;

/** ADR 32: an attached session sets a plugin's declared session settings in its own environment. */
class SettingsForTest {

    private static final PluginContext MAILBOX = new PluginContext(
            "mailbox", Map.of("role", "process-role", "channel", "team", "allow-sensitive", true), Path.of("/state"));

    private static Principal attached(Map<String, String> environment) {
        return Principal.attached(new LocalSession(Path.of("/work"), environment));
    }

    @Test
    void theVariableOfAKeyIsTheKernelsOverrideName() {
        assertThat(PluginContext.settingVariable("mailbox", "role")).isEqualTo("SWITCHBOARD_PLUGINS__MAILBOX__ROLE");
        assertThat(PluginContext.settingVariable("storage-sqlite", "busy-timeout-ms"))
                .isEqualTo("SWITCHBOARD_PLUGINS__STORAGE_SQLITE__BUSY_TIMEOUT_MS");
        assertThat(PluginContext.settingVariable("workspace", "receipts.max-count"))
                .isEqualTo("SWITCHBOARD_PLUGINS__WORKSPACE__RECEIPTS__MAX_COUNT");
    }

    @Test
    void aSessionKeyTheSessionSetsIsTheSessionsValueAndTheRestIsTheProcesss() {
        PluginSettings settings = MAILBOX.settingsFor(
                attached(Map.of("SWITCHBOARD_PLUGINS__MAILBOX__ROLE", "frontend")), Set.of("role", "channel"));

        assertThat(settings.text("role", "")).isEqualTo("frontend");
        assertThat(settings.text("channel", "local")).as("unset in the session").isEqualTo("team");
        assertThat(settings.flag("allow-sensitive", false)).isTrue();
        assertThat(settings.pluginId()).isEqualTo("mailbox");
    }

    @Test
    void aVariableOfAKeyThatIsNoSessionKeyIsIgnored() {
        PluginSettings settings = MAILBOX.settingsFor(
                attached(Map.of(
                        "SWITCHBOARD_PLUGINS__MAILBOX__ALLOW_SENSITIVE", "false",
                        "SWITCHBOARD_PLUGINS__MAILBOX__CHANNEL", "mine")),
                Set.of("role", "channel"));

        assertThat(settings.flag("allow-sensitive", false)).isTrue();
        assertThat(settings.text("channel", "local")).isEqualTo("mine");
        assertThat(settings.text("role", "")).isEqualTo("process-role");
    }

    @Test
    void aKeyTheProcessLacksIsAddedAndAnEmptyValueIsKeptAsText() {
        PluginContext bare = new PluginContext("handoff", Map.of(), Path.of("/state"));

        PluginSettings settings = bare.settingsFor(
                attached(Map.of(
                        "SWITCHBOARD_PLUGINS__HANDOFF__CONSUMER", "reviewer",
                        "SWITCHBOARD_PLUGINS__HANDOFF__PROJECT", "")),
                Set.of("consumer", "project"));

        assertThat(settings.raw("consumer")).contains("reviewer");
        assertThat(settings.raw("project")).contains("");
        assertThat(settings.text("project", "fallback"))
                .as("blank text gives the fallback")
                .isEqualTo("fallback");
    }

    @Test
    void aDottedKeyIsSetBelowItsParentKeepingTheParentsOtherKeys() {
        PluginContext workspace = new PluginContext(
                "workspace", Map.of("receipts", Map.of("max-count", 5, "max-age-days", 3)), Path.of("/state"));

        PluginSettings settings = workspace.settingsFor(
                attached(Map.of("SWITCHBOARD_PLUGINS__WORKSPACE__RECEIPTS__MAX_COUNT", "9")),
                Set.of("receipts.max-count"));

        assertThat(settings.number("receipts.max-count", 1, 1, 100)).isEqualTo(9);
        assertThat(settings.number("receipts.max-age-days", 1, 1, 100)).isEqualTo(3);
        assertThat(workspace.settings().number("receipts.max-count", 1, 1, 100))
                .as("the process's settings are untouched")
                .isEqualTo(5);
    }

    @Test
    void aCallerWithoutASessionGetsTheProcesssSettings() {
        Map<String, String> none = Map.of();
        for (Principal caller : new Principal[] {
            Principal.LOCAL_OWNER,
            new Principal("owner", Principal.Kind.OWNER, none),
            new Principal("t", Principal.Kind.CHANNEL_ROLE, Map.of("channel", "c", "role", "r"))
        }) {
            assertThat(MAILBOX.settingsFor(caller, Set.of("role", "channel"))).isEqualTo(MAILBOX.settings());
        }
        assertThat(MAILBOX.settingsFor(attached(Map.of("UNRELATED", "x")), Set.of("role")))
                .as("a session that sets none of the keys")
                .isEqualTo(MAILBOX.settings());
    }
}
