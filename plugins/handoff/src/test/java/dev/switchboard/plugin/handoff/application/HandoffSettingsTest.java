package dev.switchboard.plugin.handoff.application;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import dev.switchboard.ports.plugin.InvalidSettingException;
import dev.switchboard.ports.plugin.PluginContext;

class HandoffSettingsTest {

    @Test
    void defaultsAre256KibAndNoOverride() {
        HandoffSettings settings = settings(Map.of());

        assertThat(settings.maxBodyBytes()).isEqualTo(262_144);
        assertThat(settings.allowSensitive()).isFalse();
    }

    @Test
    void yamlValuesAndEnvironmentStringsAreBothRead() {
        assertThat(settings(Map.of("max-body-bytes", 1024, "allow-sensitive", true))
                        .allowSensitive())
                .isTrue();
        assertThat(settings(Map.of("max-body-bytes", "2048", "allow-sensitive", "TRUE"))
                        .maxBodyBytes())
                .isEqualTo(2048);
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "-1", "lots", "4000001", "16777216"})
    void anUnusableBodyLimitNamesTheSetting(String value) {
        assertThatThrownBy(() -> settings(Map.of("max-body-bytes", value)))
                .isInstanceOf(InvalidSettingException.class)
                .hasMessageContaining("plugins.handoff.max-body-bytes");
    }

    @Test
    void theLargestBodyLimitIsOneEveryTransportCanCarry() {
        assertThat(settings(Map.of("max-body-bytes", 4_000_000)).maxBodyBytes()).isEqualTo(4_000_000);
        assertThat(2L * HandoffSettings.MAX_MAX_BODY_BYTES)
                .as("the content JSON-escaped to twice its size")
                .isLessThan(8L * 1024 * 1024);
    }

    @Test
    void anUnusableOverrideFlagNamesTheSetting() {
        assertThatThrownBy(() -> settings(Map.of("allow-sensitive", "yes")))
                .hasMessageContaining("plugins.handoff.allow-sensitive");
    }

    @Test
    void aMisspeltKeyIsRefusedRatherThanLeftAtItsDefault() {
        assertThatThrownBy(() -> settings(Map.of("max-body-byte", 0)))
                .isInstanceOf(InvalidSettingException.class)
                .hasMessageContaining("plugins.handoff.max-body-byte")
                .hasMessageContaining("allow-sensitive, consumer, max-body-bytes, project");
    }

    @Test
    void aConsumerSessionIsTheConsumerAndTheProjectsKey() {
        assertThat(settings(Map.of()).consumerSession()).isEmpty();

        HandoffSettings.ConsumerSession session = settings(Map.of("consumer", "codex", "project", "Raveil Web"))
                .consumerSession()
                .orElseThrow();

        assertThat(session.consumer()).isEqualTo("codex");
        assertThat(session.project().value()).isEqualTo("raveil-web");
    }

    @Test
    void aConsumerWithoutAProjectOrTheReverseNamesTheMissingSetting() {
        assertThatThrownBy(() -> settings(Map.of("consumer", "codex")))
                .isInstanceOf(InvalidSettingException.class)
                .hasMessageContaining("plugins.handoff.project");
        assertThatThrownBy(() -> settings(Map.of("project", "raveil")))
                .isInstanceOf(InvalidSettingException.class)
                .hasMessageContaining("plugins.handoff.consumer");
    }

    @ParameterizedTest
    @ValueSource(strings = {"Codex", "-codex", "co dex", "a/b"})
    void aConsumerNameFrontispiceWouldRefuseIsRefused(String consumer) {
        assertThatThrownBy(() -> settings(Map.of("consumer", consumer, "project", "raveil")))
                .isInstanceOf(InvalidSettingException.class)
                .hasMessageContaining("plugins.handoff.consumer");
    }

    @Test
    void aProjectNameWithoutAKeyIsRefused() {
        assertThatThrownBy(() -> settings(Map.of("consumer", "codex", "project", "???")))
                .isInstanceOf(InvalidSettingException.class)
                .hasMessageContaining("plugins.handoff.project");
    }

    private static HandoffSettings settings(Map<String, Object> config) {
        return new HandoffSettings(new PluginContext("handoff", config, Path.of("/tmp")));
    }
}
