package dev.switchboard.kernel.plugin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import org.junit.jupiter.api.Test;

import com.google.inject.ConfigurationException;
import com.google.inject.Guice;
import com.google.inject.Injector;
import com.google.inject.name.Names;

import dev.switchboard.ports.transport.TransportStatus;

class KernelServicesTest {

    /** A kernel-side singleton of a port type. */
    @Singleton
    static final class KernelStatus implements TransportStatus {
        @Inject
        KernelStatus() {}

        @Override
        public Map<String, Integer> openSessions() {
            return Map.of("stdio", 1);
        }
    }

    /** A plugin class depending on a port the kernel provides and on the plugin's own binding. */
    static final class PluginService {
        final TransportStatus status;
        final String own;

        @Inject
        PluginService(TransportStatus status, @com.google.inject.name.Named("own") String own) {
            this.status = status;
            this.own = own;
        }
    }

    @Test
    void aPluginInjectorGetsTheKernelsOwnInstanceOfEachPortService() {
        Injector kernel = Guice.createInjector(
                binder -> binder.bind(TransportStatus.class).to(KernelStatus.class));
        TransportStatus kernelStatus = kernel.getInstance(TransportStatus.class);

        Injector plugin = Guice.createInjector(
                binder -> KernelServices.bind(binder, kernel),
                binder ->
                        binder.bindConstant().annotatedWith(Names.named("own")).to("mine"));
        PluginService service = plugin.getInstance(PluginService.class);

        assertThat(service.status).isSameAs(kernelStatus);
        assertThat(service.own).isEqualTo("mine");
        assertThat(plugin.getInstance(TransportStatus.class)).isSameAs(kernelStatus);
    }

    @Test
    void anUnscopedPortBindingIsAskedOfTheKernelOnEveryInjection() {
        AtomicInteger asked = new AtomicInteger();
        Injector kernel = Guice.createInjector(binder -> binder.bind(TransportStatus.class)
                .toProvider(() -> {
                    int n = asked.incrementAndGet();
                    return () -> Map.of("http", n);
                }));

        Injector plugin = Guice.createInjector(binder -> KernelServices.bind(binder, kernel));

        assertThat(plugin.getInstance(TransportStatus.class).openSessions()).containsEntry("http", 1);
        assertThat(plugin.getInstance(TransportStatus.class).openSessions()).containsEntry("http", 2);
    }

    @Test
    void bindingsThatAreNotPortsOrAreAnnotatedStayInTheKernel() {
        Injector kernel = Guice.createInjector(binder -> {
            binder.bind(Runnable.class).toInstance(() -> {});
            binder.bind(TransportStatus.class)
                    .annotatedWith(Names.named("internal"))
                    .toInstance(Map::of);
        });

        Injector plugin = Guice.createInjector(binder -> KernelServices.bind(binder, kernel));

        assertThatThrownBy(() -> plugin.getInstance(Runnable.class)).isInstanceOf(ConfigurationException.class);
        assertThatThrownBy(() ->
                        plugin.getInstance(com.google.inject.Key.get(TransportStatus.class, Names.named("internal"))))
                .isInstanceOf(ConfigurationException.class);
    }
}
