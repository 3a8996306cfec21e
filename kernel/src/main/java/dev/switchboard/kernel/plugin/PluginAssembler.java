package dev.switchboard.kernel.plugin;

import java.util.List;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import com.google.inject.Guice;
import com.google.inject.Injector;
import com.google.inject.Module;

import dev.switchboard.kernel.auth.CredentialResolvers;
import dev.switchboard.kernel.catalog.HttpEndpointRegistry;
import dev.switchboard.kernel.catalog.LocalCommandRegistry;
import dev.switchboard.kernel.catalog.PromptRegistry;
import dev.switchboard.kernel.catalog.ResourceRegistry;
import dev.switchboard.kernel.catalog.SecretScannerRegistry;
import dev.switchboard.kernel.config.SwitchboardConfig;
import dev.switchboard.kernel.exec.SecretVariableRegistry;
import dev.switchboard.kernel.tools.ToolCallObservers;
import dev.switchboard.kernel.tools.ToolNameCollisionException;
import dev.switchboard.kernel.tools.ToolRegistry;
import dev.switchboard.ports.exec.SecretVariables;
import dev.switchboard.ports.plugin.PluginContext;
import dev.switchboard.ports.storage.StorageProvider;

/**
 * Wires one plugin into the kernel, the same way wherever the plugin comes from ({@link PluginHost} for the plugins
 * directory, a test bed for a plugin on a test class path): its own injector, given the kernel's port services
 * ({@link KernelServices}), then its contributions resolved once and entered into the kernel's catalogs. It knows no plugin: the plugin's module and
 * the lookup of its extensions are handed in. Not thread-safe: one plugin is wired at a time, by one thread.
 */
@Singleton
public final class PluginAssembler {

    private final Injector kernelInjector;
    private final SwitchboardConfig config;
    private final StorageAccess storage;
    private final ContributionRegistrar registrar;
    private final SecretVariableRegistry secrets;

    /**
     * @param kernelInjector the kernel's injector, whose port services every plugin's injector is given
     * @param config         the configuration (plugin subtrees, state directory, storage backend, tool prefixes)
     * @param storage        where the opened storage is kept
     * @param tools          the tool catalog
     * @param resources      the resource catalog
     * @param prompts        the prompt catalog
     * @param scanners       the secret scanners
     * @param observers      the tool-call observers
     * @param endpoints      the HTTP endpoints
     * @param credentials    the plugins' credential resolvers
     * @param secrets        the declared secret variables the process executor strips (ADR 30)
     * @param commands       the commands plugins answer for local processes (ADR 41)
     */
    @Inject
    public PluginAssembler(
            Injector kernelInjector,
            SwitchboardConfig config,
            StorageAccess storage,
            ToolRegistry tools,
            ResourceRegistry resources,
            PromptRegistry prompts,
            SecretScannerRegistry scanners,
            ToolCallObservers observers,
            HttpEndpointRegistry endpoints,
            CredentialResolvers credentials,
            SecretVariableRegistry secrets,
            LocalCommandRegistry commands) {
        this.kernelInjector = kernelInjector;
        this.config = config;
        this.storage = storage;
        this.secrets = secrets;
        this.registrar = new ContributionRegistrar(
                storage,
                tools,
                resources,
                prompts,
                scanners,
                new ContributionRegistrar.Observability(observers, endpoints, credentials, commands));
    }

    /**
     * Phase one: the plugin's injector, holding its own module, its {@link PluginContext} (its id, its
     * {@code plugins.<id>} subtree, the state directory) and the kernel's bindings of port types
     * ({@link KernelServices}). Nothing is built yet: bindings are resolved on demand. A top-level injector rather
     * than a child of the kernel's, so that Guice does not first try every just-in-time binding of the plugin's
     * classes in the kernel's injector.
     *
     * @param pluginId the plugin's id
     * @param own      the plugin's Guice module, or a module that binds nothing
     * @return the injector
     * @throws com.google.inject.CreationException if the module's bindings are inconsistent
     */
    public Injector injector(String pluginId, Module own) {
        PluginContext context = new PluginContext(
                pluginId, config.pluginConfig(pluginId), config.kernel().stateDir());
        Module contextModule = binder -> {
            binder.bind(PluginContext.class).toInstance(context);
            KernelServices.bind(binder, kernelInjector);
        };
        return Guice.createInjector(contextModule, own);
    }

    /**
     * Phase two: records the plugin's secret variables first (kept even if what follows fails: ADR 30), opens the
     * configured storage backend if this plugin provides it, applies the plugin's migrations,
     * and registers its tools (the set its module binds, under the operator's prefix for it, all or none), HTTP endpoints, resources, prompts, secret scanners, tool-call observers and credential resolvers. On failure
     * the caller withdraws what was registered ({@link #withdraw}).
     *
     * @param pluginId   the plugin's id
     * @param injector   the plugin's injector ({@link #injector}), whose tool set is read
     * @param extensions the plugin's extensions, built by that injector
     * @return the tool names, and the transports, services and health checks the caller runs
     * @throws ToolNameCollisionException if a tool name is taken
     * @throws dev.switchboard.ports.storage.StorageException if the storage is unavailable or a migration is refused
     * @throws RuntimeException           whatever building an extension or a tool's schema throws
     */
    public PluginContributions contribute(String pluginId, Injector injector, PluginExtensions extensions) {
        secrets.register(extensions.of(SecretVariables.class));
        for (StorageProvider provider : extensions.of(StorageProvider.class)) {
            if (provider.backend().equals(config.kernel().storage())) {
                storage.open(provider);
            }
        }
        return registrar.register(
                pluginId, config.kernel().toolPrefixes().getOrDefault(pluginId, ""), injector, extensions);
    }

    /**
     * The wire names a failed plugin's tools have or would have (registered, declared in its tool catalog, or still buildable), so that a call to
     * one can name the failure instead of "unknown tool". Never throws.
     *
     * @param pluginId   the plugin's id
     * @param declared   the names its committed tool catalog declares, without the operator's prefix
     * @param injector   the plugin's injector, or null if it was never built
     * @return the names, or empty when they cannot be known
     */
    public List<String> toolNamesOf(String pluginId, List<String> declared, Injector injector) {
        return registrar.toolNamesOf(
                pluginId, config.kernel().toolPrefixes().getOrDefault(pluginId, ""), declared, injector);
    }

    /** Closes the storage a {@link #contribute} opened, after its running transactions; idempotent. */
    public void closeStorage() {
        storage.close();
    }

    /**
     * Removes every catalog entry of the plugin (when it fails or stops). Idempotent.
     *
     * @param pluginId the plugin's id
     */
    public void withdraw(String pluginId) {
        registrar.withdraw(pluginId);
    }
}
