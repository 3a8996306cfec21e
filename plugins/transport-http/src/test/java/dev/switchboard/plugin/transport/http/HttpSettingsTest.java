package dev.switchboard.plugin.transport.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.switchboard.ports.health.HealthFinding;
import dev.switchboard.ports.plugin.InvalidSettingException;
import dev.switchboard.ports.plugin.PluginContext;

/** Reading {@code plugins.transport-http}: defaults, the shapes YAML and environment overrides produce, refusals. */
class HttpSettingsTest {

    @Test
    void fillsInTheDocumentedDefaults() {
        HttpSettings settings = HttpSettings.from(context(Map.of()));

        assertThat(settings)
                .isEqualTo(new HttpSettings(
                        "127.0.0.1",
                        8765,
                        64,
                        Duration.ofMinutes(30),
                        8 * 1024 * 1024,
                        64,
                        List.of("localhost", "127.0.0.1", "[::1]"),
                        List.of("localhost", "127.0.0.1", "[::1]"),
                        Duration.ofSeconds(10),
                        Duration.ofSeconds(15),
                        new HttpSettings.RateLimit(20, 200, 30, 20),
                        Duration.ofMillis(100),
                        new HttpSettings.WireTimeouts(
                                Duration.ofSeconds(10), Duration.ofSeconds(60), Duration.ofSeconds(60))));
    }

    @Test
    void readsStringsFromEnvironmentOverridesAndCommaSeparatedLists() {
        HttpSettings settings = HttpSettings.from(context(Map.of(
                "port",
                "9000",
                "max-sessions",
                8,
                "allowed-hosts",
                "localhost, mcp.lan:9000",
                "allowed-origins",
                List.of("https://app.lan"))));

        assertThat(settings.port()).isEqualTo(9000);
        assertThat(settings.maxSessions()).isEqualTo(8);
        assertThat(settings.allowedHosts()).containsExactly("localhost", "mcp.lan:9000");
        assertThat(settings.allowedOrigins()).containsExactly("https://app.lan");
    }

    @Test
    void refusesMalformedValuesNamingTheKey() {
        assertThatThrownBy(() -> HttpSettings.from(context(Map.of("port", "eighty"))))
                .isInstanceOf(InvalidSettingException.class)
                .hasMessageContaining("plugins.transport-http.port")
                .hasMessageContaining("eighty");
        assertThatThrownBy(() -> HttpSettings.from(context(Map.of("max-sessions", 0))))
                .isInstanceOf(InvalidSettingException.class)
                .hasMessageContaining("max-sessions");
        assertThatThrownBy(() -> HttpSettings.from(context(Map.of("allowed-hosts", ""))))
                .isInstanceOf(InvalidSettingException.class)
                .hasMessageContaining("never means 'allow all'");
    }

    @Test
    void theDoctorReportsWhereHttpWouldListenAndAMalformedSettingAsAProblem() {
        assertThat(new HttpSettingsHealth(context(Map.of("port", 9001))).examine())
                .singleElement()
                .satisfies(f -> assertThat(f.severity()).isEqualTo(HealthFinding.Severity.OK))
                .satisfies(f -> assertThat(f.message()).contains("127.0.0.1:9001"));
        assertThat(new HttpSettingsHealth(context(Map.of("port", 99_999))).examine())
                .singleElement()
                .satisfies(f -> assertThat(f.severity()).isEqualTo(HealthFinding.Severity.PROBLEM))
                .satisfies(f -> assertThat(f.message()).contains("plugins.transport-http.port = '99999'"));
        assertThat(new HttpSettingsHealth(context(Map.of("allowed-origins", "ftp://x"))).examine())
                .singleElement()
                .satisfies(f -> assertThat(f.severity()).isEqualTo(HealthFinding.Severity.PROBLEM));
    }

    private static PluginContext context(Map<String, Object> config) {
        return new PluginContext("transport-http", config, Path.of("target"));
    }
}
