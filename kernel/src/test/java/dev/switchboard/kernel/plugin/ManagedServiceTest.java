package dev.switchboard.kernel.plugin;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.kernel.boot.Kernel;
import dev.switchboard.kernel.config.KernelSettings;
import dev.switchboard.kernel.config.SwitchboardConfig;
import dev.switchboard.kernel.testplugins.lifecycle.Journal;
import dev.switchboard.ports.health.HealthCheck;
import dev.switchboard.ports.health.HealthFinding;

class ManagedServiceTest {

    @TempDir
    Path home;

    private Path plugins;

    @BeforeEach
    void setUp() throws IOException {
        Journal.clear();
        plugins = Files.createDirectories(home.resolve("plugins"));
        TestPlugins.installGreeterAndStorage(plugins);
        TestPlugins.installLifecycle(plugins);
    }

    @AfterEach
    void tearDown() {
        Journal.clear();
    }

    @Test
    void serviceStartsWithItsPluginAndStopsBeforeTheStorageCloses() {
        Kernel kernel = Kernel.start(config(Map.of()));
        assertThat(Journal.events()).containsExactly("service-started");

        kernel.close();
        kernel.close();

        assertThat(Journal.events()).containsExactly("service-started", "service-stopped", "storage-closed");
    }

    @Test
    void stoppingServicesFirstLeavesThePluginsStartedUntilClose() {
        try (Kernel kernel = Kernel.start(config(Map.of()))) {
            kernel.plugins().stopServices();
            kernel.plugins().stopServices();

            assertThat(Journal.events()).containsExactly("service-started", "service-stopped");
            assertThat(kernel.plugins().statuses())
                    .filteredOn(s -> s.id().equals("lifecycle"))
                    .extracting(PluginStatus::state)
                    .containsExactly(PluginState.STARTED);
        }
        assertThat(Journal.events()).containsExactly("service-started", "service-stopped", "storage-closed");
    }

    @Test
    void serviceWhoseStartThrowsFailsItsPluginAndIsNeverStopped() {
        try (Kernel kernel = Kernel.start(config(Map.of("lifecycle", Map.of("fail-start", true))))) {
            assertThat(kernel.plugins().statuses())
                    .filteredOn(s -> s.id().equals("lifecycle"))
                    .singleElement()
                    .satisfies(status -> {
                        assertThat(status.state()).isEqualTo(PluginState.FAILED);
                        assertThat(status.error()).contains("cannot start on purpose");
                    });
            assertThat(kernel.plugins().healthChecks()).doesNotContainKey("lifecycle");
            assertThat(kernel.plugins().statuses())
                    .filteredOn(s -> s.id().equals("greeter"))
                    .extracting(PluginStatus::state)
                    .containsExactly(PluginState.STARTED);
        }
        assertThat(Journal.events()).containsExactly("start-failed", "storage-closed");
    }

    @Test
    void startedPluginsHealthChecksAreListedByPlugin() {
        try (Kernel kernel = Kernel.start(config(Map.of("lifecycle", Map.of("problem", "journal too big"))))) {
            Map<String, List<HealthCheck>> checks = kernel.plugins().healthChecks();

            assertThat(checks).containsOnlyKeys("lifecycle");
            assertThat(checks.get("lifecycle")).singleElement().satisfies(check -> {
                assertThat(check.name()).isEqualTo("journal");
                assertThat(check.examine())
                        .containsExactly(
                                HealthFinding.ok("journal readable"), HealthFinding.problem("journal too big"));
            });
        }
    }

    private SwitchboardConfig config(Map<String, Map<String, Object>> pluginConfig) {
        KernelSettings kernel = new KernelSettings(home.resolve("state"), plugins, "memory", List.of(), Map.of());
        return new SwitchboardConfig(home, null, kernel, pluginConfig);
    }
}
