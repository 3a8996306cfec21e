package dev.switchboard.kernel.plugin;

import static org.assertj.core.api.Assertions.assertThat;

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
import dev.switchboard.kernel.testplugins.memstore.MemStorage;
import dev.switchboard.kernel.testplugins.secretenv.DeclaredSecrets;
import dev.switchboard.kernel.testplugins.secretenv.RefusingScanner;

/**
 * A plugin's {@code SecretVariables} extension reaches the kernel's executor when the plugin's contributions are
 * registered, and stays declared when the plugin fails afterwards (ADR 30).
 */
class SecretVariablesDeclarationTest {

    @TempDir
    Path home;

    @Test
    void aPluginsDeclaredSecretVariableIsKeptByTheKernelEvenWhenThePluginFails() throws IOException {
        Path plugins = Files.createDirectories(home.resolve("plugins"));
        TestPluginFolder.write(plugins, "memstore", null, null, List.of(MemStorage.class));
        TestPluginFolder.write(plugins, "secretenv", null, null, List.of(DeclaredSecrets.class, RefusingScanner.class));

        try (Kernel kernel = Kernel.start(config(plugins))) {
            assertThat(kernel.plugins().statuses())
                    .filteredOn(status -> status.id().equals("secretenv"))
                    .singleElement()
                    .satisfies(status -> assertThat(status.state()).isEqualTo(PluginState.FAILED));
            assertThat(kernel.secretVariables().names()).contains("TEST_PLUGIN_SECRET");
        }
    }

    private SwitchboardConfig config(Path plugins) {
        KernelSettings kernel = new KernelSettings(home.resolve("state"), plugins, "memory", List.of(), Map.of());
        return new SwitchboardConfig(home, null, kernel, Map.of());
    }
}
