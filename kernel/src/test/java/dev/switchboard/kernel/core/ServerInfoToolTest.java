package dev.switchboard.kernel.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.kernel.boot.Kernel;
import dev.switchboard.kernel.config.KernelSettings;
import dev.switchboard.kernel.config.SwitchboardConfig;
import dev.switchboard.kernel.plugin.TestPlugins;
import dev.switchboard.kernel.testplugins.memstore.MemStorage;
import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.content.Content;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolResult;

class ServerInfoToolTest {

    @TempDir
    Path home;

    @Test
    void answersTheSameFactsAsTextAndStructuredContentAndFollowsPluginStateChanges() throws IOException {
        Path plugins = home.resolve("plugins");
        System.clearProperty(MemStorage.PREFIX + "greeter");
        TestPlugins.installGreeterAndStorage(plugins);
        KernelSettings settings = new KernelSettings(home.resolve("state"), plugins, "memory", List.of(), Map.of());
        try (Kernel kernel = Kernel.start(new SwitchboardConfig(home, null, settings, Map.of()))) {
            ToolResult.Success first = serverInfo(kernel);
            ToolResult.Success again = serverInfo(kernel);
            assertThat(again).isEqualTo(first);
            assertThat(text(first)).contains("\"id\":\"greeter\"", "\"state\":\"started\"");

            kernel.plugins().stop();

            ToolResult.Success afterStop = serverInfo(kernel);
            assertThat(text(afterStop)).contains("\"state\":\"stopped\"").doesNotContain("\"state\":\"started\"");
            assertThat(afterStop.structuredContent()).isNotEqualTo(first.structuredContent());
        }
    }

    @Test
    void showsTheStoragesBackendAndDatabaseNameButNotItsHost() throws IOException {
        Path plugins = home.resolve("plugins");
        TestPlugins.installGreeterAndStorage(plugins);
        KernelSettings settings = new KernelSettings(home.resolve("state"), plugins, "memory", List.of(), Map.of());
        try (Kernel kernel = Kernel.start(new SwitchboardConfig(home, null, settings, Map.of()))) {
            ToolResult.Success info = serverInfo(kernel);

            assertThat(info.structuredContent().get("storage"))
                    .isEqualTo(Map.of("available", true, "backend", "memory", "location", "mem_store"));
            assertThat(text(info)).doesNotContain("db.internal.example", "6543");
        }
    }

    @Test
    void listsTheModernEraFirstThenTheLegacyVersionsAsServerDiscoverDoes() throws IOException {
        Path plugins = home.resolve("plugins");
        TestPlugins.installGreeterAndStorage(plugins);
        KernelSettings settings = new KernelSettings(home.resolve("state"), plugins, "memory", List.of(), Map.of());
        try (Kernel kernel = Kernel.start(new SwitchboardConfig(home, null, settings, Map.of()))) {
            ToolResult.Success info = serverInfo(kernel);

            assertThat(info.structuredContent().get("protocol_versions"))
                    .isEqualTo(List.of("2026-07-28", "2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"));
        }
    }

    private static ToolResult.Success serverInfo(Kernel kernel) {
        return (ToolResult.Success)
                kernel.invoker().invoke(ToolCall.detached("server_info", Map.of(), Principal.LOCAL_OWNER));
    }

    private static String text(ToolResult.Success result) {
        return ((Content.Text) result.content().get(0)).text();
    }
}
