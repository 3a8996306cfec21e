package dev.switchboard.kernel.plugin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.kernel.boot.Kernel;
import dev.switchboard.kernel.config.KernelSettings;
import dev.switchboard.kernel.config.SwitchboardConfig;
import dev.switchboard.kernel.testplugins.broken.BrokenModule;
import dev.switchboard.kernel.testplugins.broken.BrokenPlugin;
import dev.switchboard.kernel.testplugins.broken.BrokenTool;
import dev.switchboard.kernel.testplugins.clash.ClashModule;
import dev.switchboard.kernel.testplugins.greeter.GreeterMigrations;
import dev.switchboard.kernel.testplugins.greeter.GreeterModule;
import dev.switchboard.kernel.testplugins.greeter.GreeterPlugin;
import dev.switchboard.kernel.testplugins.memstore.MemStorage;
import dev.switchboard.kernel.tools.FailedPluginTools;
import dev.switchboard.kernel.tools.ToolNameCollisionException;
import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolDescriptor;
import dev.switchboard.ports.tool.ToolResult;
import dev.switchboard.ports.tool.UnknownToolException;

class PluginHostTest {

    @TempDir
    Path home;

    private Path plugins;

    @BeforeEach
    void setUp() throws IOException {
        plugins = Files.createDirectories(home.resolve("plugins"));
        System.clearProperty(MemStorage.PREFIX + "greeter");
        TestPluginFolder.write(plugins, "memstore", null, null, List.of(MemStorage.class));
        TestPluginFolder.write(
                plugins, "greeter", GreeterPlugin.class, GreeterModule.class, List.of(GreeterMigrations.class));
    }

    @Test
    void startsPluginsAndListsTheirToolsNextToTheCoreTool() {
        try (Kernel kernel = Kernel.start(config(Map.of("greeter", Map.of("suffix", "!"))))) {
            assertThat(kernel.tools().tools()).extracting(ToolDescriptor::name).containsExactly("greet", "server_info");
            ToolResult result =
                    kernel.invoker().invoke(ToolCall.detached("greet", Map.of("name", "Ada"), Principal.LOCAL_OWNER));
            assertThat(result).isEqualTo(ToolResult.text("Hello, Ada from greeter!"));
            assertThat(kernel.plugins().statuses())
                    .extracting(PluginStatus::id, PluginStatus::state)
                    .containsExactly(
                            org.assertj.core.groups.Tuple.tuple("greeter", PluginState.STARTED),
                            org.assertj.core.groups.Tuple.tuple("memstore", PluginState.STARTED));
        }
    }

    @Test
    void appliesEachPluginsMigrationsThroughTheOpenStorage() {
        try (Kernel kernel = Kernel.start(config(Map.of()))) {
            assertThat(System.getProperty(MemStorage.PREFIX + "greeter")).isEqualTo("1");
            assertThat(kernel.storage()).map(s -> s.backend()).contains("memory");
        }
    }

    @Test
    void pluginWhoseStartThrowsIsMarkedFailedAndTheOthersServe() throws IOException {
        TestPluginFolder.write(plugins, "broken", BrokenPlugin.class, BrokenModule.class, List.of());

        try (Kernel kernel = Kernel.start(config(Map.of()))) {
            PluginStatus broken = kernel.plugins().statuses().stream()
                    .filter(s -> s.id().equals("broken"))
                    .findFirst()
                    .orElseThrow();
            assertThat(broken.state()).isEqualTo(PluginState.FAILED);
            assertThat(broken.error()).contains("broken on purpose");
            assertThat(kernel.tools().tools())
                    .extracting(ToolDescriptor::name)
                    .contains("greet")
                    .doesNotContain(BrokenTool.NAME);
            assertThat(kernel.servedTools().unavailable()).containsExactly(BrokenTool.NAME);
        }
    }

    @Test
    void callToAToolOfAPluginThatFailedAtItsMigrationsNamesThePluginAndWhy() throws IOException {
        Files.writeString(plugins.resolve("disabled.txt"), "memstore\n");

        try (Kernel kernel = Kernel.start(config(Map.of()))) {
            assertThat(kernel.tools().tools()).extracting(ToolDescriptor::name).containsExactly("server_info");
            assertThat(kernel.servedTools().unavailable()).containsExactly("greet");
            ToolResult result =
                    kernel.invoker().invoke(ToolCall.detached("greet", Map.of("name", "Ada"), Principal.LOCAL_OWNER));

            assertThat(result).isInstanceOfSatisfying(ToolResult.Failure.class, failure -> {
                assertThat(failure.code()).isEqualTo(FailedPluginTools.PLUGIN_FAILED);
                assertThat(failure.message())
                        .contains("greet")
                        .contains("greeter")
                        .contains("failed to start")
                        .contains("storage is not available");
                assertThat(failure.details())
                        .containsEntry("plugin", "greeter")
                        .containsEntry("tool", "greet")
                        .containsKey("reason");
            });
        }
    }

    @Test
    void toolsInAPluginsCatalogAreAnsweredWithItsFailureWhenItFailsBeforeItsToolsAreBuilt() throws IOException {
        Path broken = TestPluginFolder.write(plugins, "broken", BrokenPlugin.class, BrokenModule.class, List.of());
        Path catalog = Files.createDirectories(broken.resolve("classes/META-INF/switchboard"))
                .resolve("tool-catalog.json");
        Files.writeString(catalog, "[{\"name\": \"broken_tool\"}, {\"name\": \"broken_other\"}]");

        try (Kernel kernel = Kernel.start(config(Map.of()))) {
            assertThat(kernel.servedTools().unavailable()).containsExactly("broken_other", "broken_tool");
            ToolResult result =
                    kernel.invoker().invoke(ToolCall.detached("broken_other", Map.of(), Principal.LOCAL_OWNER));

            assertThat(result).isInstanceOfSatisfying(ToolResult.Failure.class, failure -> {
                assertThat(failure.code()).isEqualTo(FailedPluginTools.PLUGIN_FAILED);
                assertThat(failure.details())
                        .containsEntry("plugin", "broken")
                        .hasEntrySatisfying(
                                "reason", reason -> assertThat((String) reason).contains("broken on purpose"));
            });
        }
    }

    @Test
    void unknownToolWithEveryPluginStartedIsPlainlyUnknown() {
        try (Kernel kernel = Kernel.start(config(Map.of()))) {
            assertThatThrownBy(() ->
                            kernel.invoker().invoke(ToolCall.detached("no_such_tool", Map.of(), Principal.LOCAL_OWNER)))
                    .isInstanceOf(UnknownToolException.class)
                    .hasMessage("Unknown tool: no_such_tool");
        }
    }

    @Test
    void disabledPluginIsNotStartedAndItsToolsAreNotListed() throws IOException {
        Files.writeString(plugins.resolve("disabled.txt"), "greeter\n");

        try (Kernel kernel = Kernel.start(config(Map.of()))) {
            assertThat(kernel.tools().tools()).extracting(ToolDescriptor::name).containsExactly("server_info");
            assertThat(kernel.plugins().statuses())
                    .filteredOn(s -> s.id().equals("greeter"))
                    .extracting(PluginStatus::state)
                    .containsExactly(PluginState.DISABLED);
        }
    }

    @Test
    void toolNameCollisionFailsStartUpNamingBothPlugins() throws IOException {
        TestPluginFolder.write(plugins, "clash", null, ClashModule.class, List.of());

        assertThatThrownBy(() -> Kernel.start(config(Map.of())))
                .isInstanceOf(ToolNameCollisionException.class)
                .hasMessageContaining("'clash'")
                .hasMessageContaining("'greeter'");
    }

    @Test
    void pluginDirectoryDisablesAndEnablesPersistently() {
        PluginDirectory directory = new PluginDirectory(plugins);

        directory.disable("greeter");
        assertThat(directory.list())
                .filteredOn(e -> e.id().equals("greeter"))
                .extracting(PluginDirectory.Entry::enabled)
                .containsExactly(false);
        directory.enable("greeter");
        assertThat(directory.list())
                .filteredOn(e -> e.id().equals("greeter"))
                .extracting(PluginDirectory.Entry::enabled)
                .containsExactly(true);
        assertThatThrownBy(() -> directory.disable("nope"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("greeter");
    }

    @Test
    void enablingAndDisablingKeepTheCommentsOfDisabledTxt() throws IOException {
        Path disabled = plugins.resolve("disabled.txt");
        Files.writeString(disabled, "# plugins that do not start\n# greeter: opt in\ngreeter\nother\n");
        PluginDirectory directory = new PluginDirectory(plugins);

        directory.enable("greeter");
        assertThat(Files.readAllLines(disabled))
                .containsExactly("# plugins that do not start", "# greeter: opt in", "other");

        directory.disable("greeter");
        directory.disable("greeter");
        assertThat(Files.readAllLines(disabled))
                .containsExactly("# plugins that do not start", "# greeter: opt in", "other", "greeter");
    }

    private SwitchboardConfig config(Map<String, Map<String, Object>> pluginConfig) {
        KernelSettings kernel = new KernelSettings(home.resolve("state"), plugins, "memory", List.of(), Map.of());
        return new SwitchboardConfig(home, null, kernel, pluginConfig);
    }
}
