package dev.switchboard.plugin.handoff;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.reflect.Proxy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.inject.Binding;
import com.google.inject.Guice;
import com.google.inject.Injector;
import com.google.inject.spi.Element;
import com.google.inject.spi.Elements;

import dev.switchboard.kernel.plugin.BoundTools;
import dev.switchboard.kernel.secrets.DefaultSecretScanner;
import dev.switchboard.plugin.handoff.adapter.in.resource.HandoffResources;
import dev.switchboard.plugin.handoff.adapter.out.persistence.HandoffMigrations;
import dev.switchboard.ports.plugin.InvalidSettingException;
import dev.switchboard.ports.plugin.PluginContext;
import dev.switchboard.ports.secrets.SecretScanner;
import dev.switchboard.ports.signal.ChangeSignals;
import dev.switchboard.ports.storage.SqlStorage;
import dev.switchboard.ports.tool.Tool;

/** The module as the kernel uses it: bindings only, extensions built in a child injector without touching storage. */
class HandoffModuleTest {

    @TempDir
    Path stateDir;

    @Test
    void theModuleHoldsBindingsOnly() {
        List<Element> elements = Elements.getElements(new HandoffModule());

        assertThat(elements).allSatisfy(element -> assertThat(element).isInstanceOf(Binding.class));
    }

    @Test
    void theExtensionsAreBuiltInAChildInjectorWithoutAnyStorageCall() throws Exception {
        Injector child = kernelLike(Map.of());

        List<Tool> tools = BoundTools.in(child);
        HandoffResources resources = child.getInstance(HandoffResources.class);
        HandoffMigrations migrations = child.getInstance(HandoffMigrations.class);

        assertThat(tools)
                .extracting(tool -> tool.descriptor().name())
                .doesNotHaveDuplicates()
                .allMatch(name -> name.startsWith("frontispice_"));
        assertThat(resources.templates())
                .singleElement()
                .satisfies(t -> assertThat(t.uriTemplate()).isEqualTo("handoff://{project}/{sequence}"));
        assertThat(migrations.owner()).isEqualTo("handoff");
        assertThat(migrations.migrations(dev.switchboard.ports.storage.SqlDialect.SQLITE))
                .extracting(m -> m.version())
                .containsExactly(1);
        assertThat(child.getInstance(Clock.class).instant().getNano() % 1_000_000)
                .as("receipts are stored to the millisecond, so the clock ticks in milliseconds")
                .isZero();
        try (var files = Files.list(stateDir)) {
            assertThat(files).isEmpty();
        }
    }

    @Test
    void aMalformedSettingFailsTheExtensionsWithTheSettingsName() {
        Injector child = kernelLike(Map.of("max-body-bytes", "lots"));

        assertThatThrownBy(() -> BoundTools.in(child))
                .hasRootCauseInstanceOf(InvalidSettingException.class)
                .rootCause()
                .hasMessageContaining("plugins.handoff.max-body-bytes");
    }

    private <T> T untouchable(Class<T> type) {
        return type.cast(
                Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {type}, (proxy, method, args) -> {
                    throw new AssertionError("storage used while building extensions: " + method.getName());
                }));
    }

    /** A parent injector with the kernel's services (storage and signals refuse every call), and the plugin's child. */
    private Injector kernelLike(Map<String, Object> settings) {
        Injector kernel = Guice.createInjector(binder -> {
            binder.bind(SqlStorage.class).toInstance(untouchable(SqlStorage.class));
            binder.bind(ChangeSignals.class).toInstance(untouchable(ChangeSignals.class));
            binder.bind(SecretScanner.class).toInstance(new DefaultSecretScanner());
        });
        PluginContext context = new PluginContext("handoff", settings, stateDir);
        return kernel.createChildInjector(
                binder -> binder.bind(PluginContext.class).toInstance(context), new HandoffModule());
    }
}
