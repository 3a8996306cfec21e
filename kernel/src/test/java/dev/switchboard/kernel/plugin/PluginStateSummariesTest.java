package dev.switchboard.kernel.plugin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.kernel.boot.Kernel;
import dev.switchboard.kernel.config.KernelSettings;
import dev.switchboard.kernel.config.SwitchboardConfig;
import dev.switchboard.kernel.testplugins.badsummary.RefusingSummary;
import dev.switchboard.kernel.testplugins.memstore.MemStorage;
import dev.switchboard.kernel.testplugins.summary.CountingSummary;
import dev.switchboard.ports.plugin.InvalidSettingException;
import dev.switchboard.ports.summary.StateSummary;

/** The kernel lists every started plugin's state summary (ADR 28); one that cannot be built says why when asked. */
class PluginStateSummariesTest {

    @TempDir
    Path home;

    @Test
    void everyStartedPluginsSummaryIsListedAndAnUnbuildableOneThrowsItsReasonWhenAsked() throws IOException {
        Path plugins = Files.createDirectories(home.resolve("plugins"));
        TestPluginFolder.write(plugins, "memstore", null, null, List.of(MemStorage.class));
        TestPluginFolder.write(plugins, "badsummary", null, null, List.of(RefusingSummary.class));
        TestPluginFolder.write(plugins, "summary", null, null, List.of(CountingSummary.class));

        try (Kernel kernel = Kernel.start(config(plugins))) {
            List<StateSummary> contributors = new PluginStateSummaries(kernel.prepared()).contributors();

            assertThat(contributors).hasSize(2);
            assertThatThrownBy(() -> contributors.getFirst().actionable())
                    .isInstanceOf(InvalidSettingException.class)
                    .hasMessageContaining("plugins.badsummary.consumer");
            assertThat(contributors.get(1).overview(5).rows()).containsExactly(List.of("one"));
            assertThat(contributors.get(1).actionable().getFirst().name()).isEqualTo("counted_pending");
        }
    }

    private SwitchboardConfig config(Path plugins) {
        KernelSettings kernel = new KernelSettings(home.resolve("state"), plugins, "memory", List.of(), Map.of());
        return new SwitchboardConfig(home, null, kernel, Map.of());
    }
}
