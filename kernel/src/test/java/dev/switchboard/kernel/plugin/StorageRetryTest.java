package dev.switchboard.kernel.plugin;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.kernel.boot.Kernel;
import dev.switchboard.kernel.config.KernelSettings;
import dev.switchboard.kernel.config.SwitchboardConfig;
import dev.switchboard.kernel.testplugins.greeter.GreeterMigrations;
import dev.switchboard.kernel.testplugins.greeter.GreeterModule;
import dev.switchboard.kernel.testplugins.greeter.GreeterPlugin;
import dev.switchboard.kernel.testplugins.memstore.MemStorage;
import dev.switchboard.kernel.tools.FailedPluginTools;
import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolDescriptor;
import dev.switchboard.ports.tool.ToolResult;

/**
 * A storage that cannot be opened at start: the storage plugin and the plugins that need it wait (not ready, their
 * tools answering why), the storage is retried in the background, and once it opens they start, without a restart.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class StorageRetryTest {

    @TempDir
    Path home;

    private Path plugins;

    @BeforeEach
    void setUp() throws IOException {
        plugins = Files.createDirectories(home.resolve("plugins"));
        System.clearProperty(MemStorage.PREFIX + "greeter");
        System.setProperty(MemStorage.DOWN, "true");
        TestPluginFolder.write(plugins, "memstore", null, null, List.of(MemStorage.class));
        TestPluginFolder.write(
                plugins, "greeter", GreeterPlugin.class, GreeterModule.class, List.of(GreeterMigrations.class));
    }

    @AfterEach
    void storageUp() {
        System.clearProperty(MemStorage.DOWN);
    }

    @Test
    void pluginsWaitingForAStorageThatWasDownAtStartStartWhenItComesUpAndTheServerBecomesReady() throws Exception {
        try (Kernel kernel = Kernel.start(config())) {
            assertThat(kernel.plugins().statuses())
                    .extracting(PluginStatus::id, PluginStatus::state)
                    .containsExactly(
                            org.assertj.core.groups.Tuple.tuple("greeter", PluginState.FAILED),
                            org.assertj.core.groups.Tuple.tuple("memstore", PluginState.FAILED));
            assertThat(kernel.plugins().statuses())
                    .extracting(PluginStatus::error)
                    .allSatisfy(error -> assertThat(error).startsWith("waiting for the storage"));
            assertThat(kernel.readiness().notReadyBecause())
                    .contains("plugin greeter is not started (waiting for the storage)");
            ToolResult waiting = greet(kernel);
            assertThat(waiting).isInstanceOfSatisfying(ToolResult.Failure.class, failure -> {
                assertThat(failure.code()).isEqualTo(FailedPluginTools.PLUGIN_FAILED);
                assertThat(failure.message()).contains("waiting for the storage");
            });
            AtomicInteger changes = new AtomicInteger();
            kernel.servedTools().addChangeListener(changes::incrementAndGet);

            kernel.plugins().retryStorageInBackground();
            assertThat(kernel.plugins().waitingForStorage()).isTrue();
            System.clearProperty(MemStorage.DOWN);

            await(() -> !kernel.plugins().waitingForStorage(), Duration.ofMillis(StorageWait.MAX_RETRY_MS * 3));
            assertThat(kernel.plugins().statuses())
                    .extracting(PluginStatus::state)
                    .containsOnly(PluginState.STARTED);
            assertThat(System.getProperty(MemStorage.PREFIX + "greeter"))
                    .as("the waiting plugin's migrations ran")
                    .isEqualTo("1");
            assertThat(kernel.tools().tools()).extracting(ToolDescriptor::name).contains("greet");
            assertThat(kernel.servedTools().unavailable()).isEmpty();
            assertThat(changes.get())
                    .as("the served catalog told its listeners")
                    .isEqualTo(1);
            assertThat(greet(kernel)).isEqualTo(ToolResult.text("Hello, Ada from greeter"));
            assertThat(kernel.readiness().notReadyBecause()).isEmpty();
        }
    }

    @Test
    void theReadinessProbeSeesAStorageThatStoppedAnsweringAtMostASecondLate() throws Exception {
        System.clearProperty(MemStorage.DOWN);
        try (Kernel kernel = Kernel.start(config())) {
            assertThat(kernel.readiness().notReadyBecause()).isEmpty();

            System.setProperty(MemStorage.DOWN, "true");
            await(() -> kernel.readiness().notReadyBecause().isPresent(), Duration.ofSeconds(3));
            assertThat(kernel.readiness().notReadyBecause()).contains("the storage cannot be reached");

            System.clearProperty(MemStorage.DOWN);
            await(() -> kernel.readiness().notReadyBecause().isEmpty(), Duration.ofSeconds(3));
        }
    }

    @Test
    void closingTheKernelWhileTheStorageIsRetriedEndsTheRetry() {
        Kernel kernel = Kernel.start(config());
        kernel.plugins().retryStorageInBackground();
        long started = System.nanoTime();

        kernel.close();

        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(5));
        assertThat(kernel.plugins().waitingForStorage()).isFalse();
        assertThat(kernel.plugins().statuses()).extracting(PluginStatus::state).containsOnly(PluginState.STOPPED);
    }

    private static ToolResult greet(Kernel kernel) {
        return kernel.invoker().invoke(ToolCall.detached("greet", Map.of("name", "Ada"), Principal.LOCAL_OWNER));
    }

    private static void await(BooleanSupplier condition, Duration limit) throws InterruptedException {
        long deadline = System.nanoTime() + limit.toNanos();
        while (!condition.getAsBoolean()) {
            assertThat(System.nanoTime())
                    .as("the condition held within %s", limit)
                    .isLessThan(deadline);
            Thread.sleep(20);
        }
    }

    private SwitchboardConfig config() {
        KernelSettings kernel = new KernelSettings(home.resolve("state"), plugins, "memory", List.of(), Map.of());
        return new SwitchboardConfig(home, null, kernel, Map.of());
    }
}
