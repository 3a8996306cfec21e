package dev.switchboard.kernel.plugin;

import java.util.List;

import com.google.inject.Injector;

import dev.switchboard.kernel.auth.CredentialResolvers;
import dev.switchboard.kernel.catalog.HttpEndpointRegistry;
import dev.switchboard.kernel.catalog.LocalCommandRegistry;
import dev.switchboard.kernel.catalog.PromptRegistry;
import dev.switchboard.kernel.catalog.ResourceRegistry;
import dev.switchboard.kernel.catalog.SecretScannerRegistry;
import dev.switchboard.kernel.tools.ToolCallObservers;
import dev.switchboard.kernel.tools.ToolRegistry;
import dev.switchboard.ports.auth.CredentialResolver;
import dev.switchboard.ports.cli.LocalCommand;
import dev.switchboard.ports.health.HealthCheck;
import dev.switchboard.ports.http.HttpEndpoint;
import dev.switchboard.ports.observe.ToolCallObserver;
import dev.switchboard.ports.plugin.ManagedService;
import dev.switchboard.ports.prompt.PromptProvider;
import dev.switchboard.ports.resource.ResourceProvider;
import dev.switchboard.ports.secrets.SecretScanner;
import dev.switchboard.ports.storage.MigrationSet;
import dev.switchboard.ports.storage.SqlStorage;
import dev.switchboard.ports.storage.StorageException;
import dev.switchboard.ports.tool.Tool;
import dev.switchboard.ports.transport.Transport;

/**
 * Resolves a started plugin's extensions once (each lookup builds new instances) and enters them into the kernel's
 * catalogs; withdraws them all again when the plugin fails or stops. A plugin's tools are the set its module binds
 * ({@link BoundTools}, read from the plugin's own injector).
 */
final class ContributionRegistrar {

    private final StorageAccess storage;
    private final ToolRegistry tools;
    private final ResourceRegistry resources;
    private final PromptRegistry prompts;
    private final SecretScannerRegistry scanners;
    private final Observability observability;

    /**
     * The registries of what plugins contribute to watching the server, to its HTTP surface, to its authentication and
     * to the commands it answers for local processes (ADR 41).
     */
    record Observability(
            ToolCallObservers observers,
            HttpEndpointRegistry endpoints,
            CredentialResolvers credentials,
            LocalCommandRegistry commands) {}

    ContributionRegistrar(
            StorageAccess storage,
            ToolRegistry tools,
            ResourceRegistry resources,
            PromptRegistry prompts,
            SecretScannerRegistry scanners,
            Observability observability) {
        this.storage = storage;
        this.tools = tools;
        this.resources = resources;
        this.prompts = prompts;
        this.scanners = scanners;
        this.observability = observability;
    }

    /**
     * Applies the plugin's migrations, then registers its tools, HTTP endpoints, resources, prompts, scanners,
     * tool-call observers, credential resolvers and local commands.
     *
     * @param pluginId   the plugin's id
     * @param toolPrefix the operator's prefix for its tool names, or {@code ""}
     * @param injector   the plugin's injector, whose tool set ({@link BoundTools}) is read
     * @param extensions the plugin's extensions
     * @return the plugin's tool names, transports (started later by the kernel), managed services (started by the
     *         caller) and health checks
     */
    PluginContributions register(String pluginId, String toolPrefix, Injector injector, PluginExtensions extensions) {
        for (MigrationSet set : extensions.of(MigrationSet.class)) {
            SqlStorage opened = storage.get();
            try {
                opened.migrate(set.owner(), set.migrations(opened.dialect()));
            } catch (StorageException e) {
                throw new MigrationFailedException(e);
            }
        }
        List<Tool> contributed = BoundTools.in(injector);
        List<ResourceProvider> resourceProviders = extensions.of(ResourceProvider.class);
        List<PromptProvider> promptProviders = extensions.of(PromptProvider.class);
        List<SecretScanner> secretScanners = extensions.of(SecretScanner.class);
        List<Transport> transports = extensions.of(Transport.class);
        List<HttpEndpoint> endpoints = extensions.of(HttpEndpoint.class);
        List<ToolCallObserver> observers = extensions.of(ToolCallObserver.class);
        List<CredentialResolver> credentials = extensions.of(CredentialResolver.class);
        List<String> names = tools.register(pluginId, toolPrefix, contributed);
        observability.endpoints().register(pluginId, endpoints);
        observability.observers().register(pluginId, observers);
        observability.credentials().register(pluginId, credentials);
        observability.commands().register(pluginId, extensions.of(LocalCommand.class));
        resources.register(pluginId, resourceProviders);
        prompts.register(pluginId, promptProviders);
        scanners.register(pluginId, secretScanners);
        return new PluginContributions(
                names, transports, extensions.of(ManagedService.class), extensions.of(HealthCheck.class));
    }

    /**
     * The wire names a plugin's tools have or would have: those registered, else those it declares (its committed
     * tool catalog, {@link DeclaredTools}), else those its injector can still build. Never throws.
     *
     * @param pluginId   the plugin's id
     * @param toolPrefix the operator's prefix for its tool names, or {@code ""}
     * @param declared   the names its tool catalog declares, without the prefix
     * @param injector   the plugin's injector, or null if it was never built
     * @return the names, or empty when they cannot be known
     */
    List<String> toolNamesOf(String pluginId, String toolPrefix, List<String> declared, Injector injector) {
        List<String> registered = tools.namesOf(pluginId);
        if (!registered.isEmpty()) {
            return registered;
        }
        if (!declared.isEmpty()) {
            return declared.stream().map(name -> toolPrefix + name).toList();
        }
        try {
            return BoundTools.in(injector).stream()
                    .map(tool -> toolPrefix + tool.descriptor().name())
                    .toList();
        } catch (RuntimeException | LinkageError e) {
            return List.of();
        }
    }

    void withdraw(String pluginId) {
        tools.unregister(pluginId);
        resources.unregister(pluginId);
        prompts.unregister(pluginId);
        scanners.unregister(pluginId);
        observability.endpoints().unregister(pluginId);
        observability.observers().unregister(pluginId);
        observability.credentials().unregister(pluginId);
        observability.commands().unregister(pluginId);
    }
}
