package dev.switchboard.kernel.plugin;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.kernel.boot.Kernel;
import dev.switchboard.kernel.catalog.HttpEndpointRegistry;
import dev.switchboard.kernel.config.KernelSettings;
import dev.switchboard.kernel.config.SwitchboardConfig;
import dev.switchboard.kernel.testplugins.memstore.MemStorage;
import dev.switchboard.kernel.testplugins.routes.CountingObserver;
import dev.switchboard.kernel.testplugins.routes.PageEndpoint;
import dev.switchboard.kernel.testplugins.routes.StatusEndpoint;
import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.tool.ToolCall;

class PluginEndpointsAndObserversTest {

    @TempDir
    Path home;

    private Path plugins;

    @BeforeEach
    void setUp() throws IOException {
        plugins = Files.createDirectories(home.resolve("plugins"));
        CountingObserver.reset();
        TestPluginFolder.write(plugins, "memstore", null, null, List.of(MemStorage.class));
    }

    @Test
    void aRouteThatOverlapsAnEarlierPluginsFailsTheLaterPluginNamingBothAndTheEarlierServes() throws IOException {
        TestPluginFolder.write(plugins, "alpha", null, null, List.of(StatusEndpoint.class));
        TestPluginFolder.write(plugins, "beta", null, null, List.of(PageEndpoint.class, CountingObserver.class));

        try (Kernel kernel = Kernel.start(config())) {
            PluginStatus beta = kernel.plugins().statuses().stream()
                    .filter(s -> s.id().equals("beta"))
                    .findFirst()
                    .orElseThrow();
            assertThat(beta.state()).isEqualTo(PluginState.FAILED);
            assertThat(beta.error())
                    .isEqualTo("plugin beta's route GET /board/{page} collides with plugin alpha's"
                            + " route GET /board/index");
            HttpEndpointRegistry endpoints = kernel.endpoints();
            assertThat(endpoints.find("GET", "/board/index"))
                    .hasValueSatisfying(m -> assertThat(m.owner()).isEqualTo("alpha"));
            assertThat(endpoints.find("GET", "/board/other"))
                    .as("the failed plugin's routes are withdrawn")
                    .isEmpty();

            kernel.invoker().invoke(ToolCall.detached("server_info", Map.of(), Principal.LOCAL_OWNER));
            assertThat(CountingObserver.seen())
                    .as("the failed plugin's observer is withdrawn too")
                    .isEmpty();
        }
    }

    @Test
    void aStartedPluginsObserverIsToldOfCallsThroughTheKernelsInvoker() throws IOException {
        TestPluginFolder.write(plugins, "beta", null, null, List.of(CountingObserver.class));

        try (Kernel kernel = Kernel.start(config())) {
            kernel.invoker().invoke(ToolCall.detached("server_info", Map.of(), Principal.LOCAL_OWNER));
            kernel.invoker().invoke(ToolCall.detached("server_info", Map.of("x", 1), Principal.LOCAL_OWNER));

            assertThat(CountingObserver.seen()).containsExactly("server_info ok", "server_info INVALID_ARGUMENTS");
        }
    }

    private SwitchboardConfig config() {
        KernelSettings kernel = new KernelSettings(home.resolve("state"), plugins, "memory", List.of(), Map.of());
        return new SwitchboardConfig(home, null, kernel, Map.of());
    }
}
