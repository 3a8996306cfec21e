package dev.switchboard.kernel.plugin;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import org.pf4j.PluginManager;

import com.google.inject.Injector;

import dev.switchboard.kernel.catalog.HttpEndpointRegistry;
import dev.switchboard.kernel.catalog.PromptRegistry;
import dev.switchboard.kernel.catalog.ResourceRegistry;
import dev.switchboard.kernel.catalog.SecretScannerRegistry;
import dev.switchboard.kernel.tools.ToolCallObservers;
import dev.switchboard.kernel.tools.ToolRegistry;
import dev.switchboard.ports.health.HealthCheck;
import dev.switchboard.ports.http.HttpEndpoint;
import dev.switchboard.ports.observe.ToolCallObserver;
import dev.switchboard.ports.plugin.ManagedService;
import dev.switchboard.ports.prompt.PromptProvider;
import dev.switchboard.ports.resource.ResourceProvider;
import dev.switchboard.ports.secrets.SecretScanner;
import dev.switchboard.ports.storage.MigrationSet;
import dev.switchboard.ports.tool.Tool;
import dev.switchboard.ports.tool.ToolProvider;
import dev.switchboard.ports.transport.Transport;

/**
 * Resolves a started plugin's extensions once (PF4J builds new instances on every lookup) and enters them into the
 * kernel's catalogs; withdraws them all again when the plugin fails or stops. A plugin's tools are the set its module
 * binds ({@link BoundTools}, read from the plugin's own injector) plus those of any {@link ToolProvider} extension.
 */
final class ContributionRegistrar {

    private final PluginManager manager;
    private final Function<String, Injector> injectorOf;
    private final StorageAccess storage;
    private final ToolRegistry tools;
    private final ResourceRegistry resources;
    private final PromptRegistry prompts;
    private final SecretScannerRegistry scanners;
    private final Observability observability;

    /** The registries of what plugins contribute to watching the server and to its HTTP surface. */
    record Observability(ToolCallObservers observers, HttpEndpointRegistry endpoints) {
    }

    ContributionRegistrar(PluginManager manager, Function<String, Injector> injectorOf, StorageAccess storage,
                          ToolRegistry tools, ResourceRegistry resources, PromptRegistry prompts,
                          SecretScannerRegistry scanners, Observability observability) {
        this.manager = manager;
        this.injectorOf = injectorOf;
        this.storage = storage;
        this.tools = tools;
        this.resources = resources;
        this.prompts = prompts;
        this.scanners = scanners;
        this.observability = observability;
    }

    /**
     * Applies the plugin's migrations, then registers its tools, HTTP endpoints, resources, prompts, scanners and
     * tool-call observers.
     *
     * @return the plugin's transports (started later by the kernel), its tool names, its managed services (started
     *         by the caller) and its health checks
     */
    Registered register(String pluginId, String toolPrefix) {
        for (MigrationSet set : manager.getExtensions(MigrationSet.class, pluginId)) {
            storage.get().migrate(set.owner(), set.migrations());
        }
        List<Tool> contributed = new ArrayList<>(BoundTools.in(injectorOf.apply(pluginId)));
        manager.getExtensions(ToolProvider.class, pluginId).forEach(p -> contributed.addAll(p.tools()));
        List<ResourceProvider> resourceProviders = manager.getExtensions(ResourceProvider.class, pluginId);
        List<PromptProvider> promptProviders = manager.getExtensions(PromptProvider.class, pluginId);
        List<SecretScanner> secretScanners = manager.getExtensions(SecretScanner.class, pluginId);
        List<Transport> transports = manager.getExtensions(Transport.class, pluginId);
        List<HttpEndpoint> endpoints = manager.getExtensions(HttpEndpoint.class, pluginId);
        List<ToolCallObserver> observers = manager.getExtensions(ToolCallObserver.class, pluginId);
        List<String> names = tools.register(pluginId, toolPrefix, contributed);
        observability.endpoints().register(pluginId, endpoints);
        observability.observers().register(pluginId, observers);
        resources.register(pluginId, resourceProviders);
        prompts.register(pluginId, promptProviders);
        scanners.register(pluginId, secretScanners);
        return new Registered(names, transports, manager.getExtensions(ManagedService.class, pluginId),
                manager.getExtensions(HealthCheck.class, pluginId));
    }

    void withdraw(String pluginId) {
        tools.unregister(pluginId);
        resources.unregister(pluginId);
        prompts.unregister(pluginId);
        scanners.unregister(pluginId);
        observability.endpoints().unregister(pluginId);
        observability.observers().unregister(pluginId);
    }

    record Registered(List<String> toolNames, List<Transport> transports, List<ManagedService> services,
                      List<HealthCheck> healthChecks) {
    }
}
