package dev.switchboard.testkit;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import com.google.inject.Guice;
import com.google.inject.Injector;
import com.google.inject.Module;
import com.google.inject.ProvisionException;
import com.google.inject.util.Modules;

import dev.switchboard.kernel.boot.KernelModule;
import dev.switchboard.kernel.catalog.PromptRegistry;
import dev.switchboard.kernel.catalog.ResourceRegistry;
import dev.switchboard.kernel.config.KernelSettings;
import dev.switchboard.kernel.config.SwitchboardConfig;
import dev.switchboard.kernel.core.BuildInfo;
import dev.switchboard.kernel.plugin.ManagedServices;
import dev.switchboard.kernel.plugin.PluginAssembler;
import dev.switchboard.kernel.plugin.PluginContributions;
import dev.switchboard.kernel.plugin.StorageAccess;
import dev.switchboard.kernel.tools.KernelToolInvoker;
import dev.switchboard.kernel.tools.ServedToolCatalog;
import dev.switchboard.kernel.tools.ToolRegistry;
import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.prompt.PromptCatalog;
import dev.switchboard.ports.resource.ResourceCatalog;
import dev.switchboard.ports.storage.MigrationSet;
import dev.switchboard.ports.storage.SqlStorage;
import dev.switchboard.ports.storage.StorageProvider;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolCatalog;
import dev.switchboard.ports.tool.ToolInvoker;
import dev.switchboard.ports.tool.ToolResult;
import dev.switchboard.testkit.plugin.ExtensionIndex;
import dev.switchboard.testkit.storage.TestDatabase;

/**
 * One plugin wired as the server wires it, for its tests: the kernel's root injector ({@code KernelModule}: the real
 * secret scanner, process executor and storage binding), the storage adapters found on the test class path, of which
 * the configured backend's is opened (by default {@code plugin-storage-sqlite}, on {@code <stateDir>/switchboard.db};
 * {@link Builder#postgres} opens {@code plugin-storage-postgres} on a database of the embedded PostgreSQL), then the
 * plugin itself through the
 * kernel's own {@link PluginAssembler} (the class {@code PluginHost} uses): its injector with its module,
 * {@code PluginContext} and the kernel's port services, its extensions (read from the {@code META-INF/extensions.idx} next to its module class)
 * resolved once, its migrations applied, its tools (the set its module binds) registered, its managed services
 * started (unless {@link Builder#withoutStartingServices()}). Calls go through the kernel's invoker, so arguments are
 * validated against each tool's input schema before the handler runs.
 *
 * <pre>{@code
 * try (PluginTestBed bed = PluginTestBed.of("notes", new NotesModule()).start(tempDir)) {
 *     Map<String, Object> added = bed.ok("notes_add", Map.of("text", "remember"));
 *     bed.refused("notes_add", Map.of(), "INVALID_ARGUMENTS");
 * }
 * }</pre>
 *
 * <p>What differs from a server: no PF4J class loader (the plugin's classes come from the test class path) and no
 * PF4J {@code Plugin.start()} hook (keep start-up work in a {@code ManagedService}, which the bed starts); the tool
 * prefix is none; the storage adapter's own module is not installed (it is found by its extension index alone).
 *
 * <p>Thread-safe for calls (tools are called concurrently in the server too); {@link #close()} once, after them:
 * it stops the services, withdraws the plugin and closes the storage.
 */
public final class PluginTestBed implements AutoCloseable {

    /** The storage plugin id whose settings {@link Builder#storageSettings} sets for the default backend. */
    public static final String STORAGE_PLUGIN_ID = "storage-sqlite";

    private final String pluginId;
    private final Path stateDir;
    private final Injector kernel;
    private final Injector plugin;
    private final PluginAssembler assembler;
    private final PluginContributions contributions;
    private final ManagedServices services = new ManagedServices();
    private final ToolInvoker invoker;

    private PluginTestBed(Builder builder, Path stateDir) {
        this.pluginId = builder.pluginId;
        this.stateDir = stateDir;
        this.kernel =
                Guice.createInjector(Modules.override(new KernelModule(config(builder, stateDir), BuildInfo.current()))
                        .with(builder.kernelOverrides));
        this.assembler = kernel.getInstance(PluginAssembler.class);
        ExtensionIndex own = ExtensionIndex.of(builder.module.getClass());
        try {
            openStorage(own);
            this.plugin = assembler.injector(
                    pluginId, Modules.override(builder.module).with(builder.pluginOverrides));
            this.contributions = assembler.contribute(pluginId, plugin, new IndexedExtensions(own, plugin));
            if (builder.startServices) {
                services.start(pluginId, contributions.services());
            }
        } catch (ProvisionException e) {
            close();
            // Guice wraps what an extension's constructor throws; the test wants the plugin's own exception.
            throw e.getCause() instanceof RuntimeException cause ? cause : e;
        } catch (RuntimeException | Error e) {
            close();
            throw e;
        }
        this.invoker = kernel.getInstance(KernelToolInvoker.class);
    }

    /**
     * @param pluginId the plugin's id, as in its {@code plugin.properties}; its settings are {@code plugins.<id>}
     * @param module   the plugin's Guice module, as named by {@code plugin.module}; its class locates the plugin's
     *                 classes and extension index
     * @return a builder
     */
    public static Builder of(String pluginId, Module module) {
        return new Builder(pluginId, module);
    }

    private static SwitchboardConfig config(Builder builder, Path stateDir) {
        Map<String, Map<String, Object>> plugins = new LinkedHashMap<>();
        plugins.put(storagePluginId(builder.backend), builder.storageSettings);
        plugins.put(builder.pluginId, builder.settings);
        KernelSettings kernel =
                new KernelSettings(stateDir, stateDir.resolve("plugins"), builder.backend, List.of(), Map.of());
        return new SwitchboardConfig(stateDir, null, kernel, plugins);
    }

    /** Wires every other indexed code source's storage providers, as the kernel starts storage plugins first. */
    private void openStorage(ExtensionIndex own) {
        List<ExtensionIndex> storageSources = new ArrayList<>();
        for (ExtensionIndex index :
                ExtensionIndex.onClassPath(Thread.currentThread().getContextClassLoader())) {
            if (!index.codeSource().equals(own.codeSource()) && providesStorage(index)) {
                storageSources.add(index);
            }
        }
        // Every storage source is wired under the selected backend's plugin id: only that backend's provider is
        // opened, and only an opened provider reads its settings.
        String backend = kernel.getInstance(SwitchboardConfig.class).kernel().storage();
        String storageId = storagePluginId(backend);
        for (ExtensionIndex index : storageSources) {
            Injector storageInjector = assembler.injector(storageId, binder -> {});
            assembler.contribute(storageId, storageInjector, new IndexedExtensions(index, storageInjector));
        }
        if (storage().isEmpty() && !own.classesOf(MigrationSet.class).isEmpty()) {
            throw new IllegalStateException("plugin " + pluginId + " declares migrations, but no storage adapter for"
                    + " the backend '"
                    + backend
                    + "' is on the test class path; add dev.switchboard:plugin-" + storageId
                    + (backend.equals("sqlite") ? " and org.xerial:sqlite-jdbc" : "") + " with test scope");
        }
    }

    /**
     * @param backend a {@code kernel.storage} backend, such as {@code postgres}
     * @return the id of the storage plugin that provides it by convention, {@code storage-<backend>}, whose
     *         {@code plugins.<id>} subtree {@link Builder#storageSettings} fills
     */
    public static String storagePluginId(String backend) {
        return "storage-" + backend;
    }

    /** A code source whose listed classes do not load here (another plugin's, missing its libraries) is not storage. */
    private static boolean providesStorage(ExtensionIndex index) {
        try {
            return !index.classesOf(StorageProvider.class).isEmpty();
        } catch (IllegalStateException unloadable) {
            return false;
        }
    }

    /**
     * Calls a tool as the local owner, with no client session behind it ({@link ToolCall#detached}).
     *
     * @param tool      the tool's wire name
     * @param arguments the arguments object
     * @return the result; {@code INVALID_ARGUMENTS} when the schema refuses them, {@code INTERNAL_ERROR} when the
     *         handler throws
     * @throws dev.switchboard.ports.tool.UnknownToolException if no tool has that name
     */
    public ToolResult call(String tool, Map<String, Object> arguments) {
        return call(ToolCall.detached(tool, arguments, Principal.LOCAL_OWNER));
    }

    /**
     * @param call a call with its own principal, cancellation, progress or client channels
     * @return the result, as {@link #call(String, Map)}
     */
    public ToolResult call(ToolCall call) {
        return invoker.invoke(call);
    }

    /**
     * @param tool      the tool's wire name
     * @param arguments the arguments object
     * @return the structured content of the call, which must succeed
     * @throws AssertionError if it fails, naming the tool, the arguments and the failure
     */
    public Map<String, Object> ok(String tool, Map<String, Object> arguments) {
        return ToolResults.structured(ToolResults.success(call(tool, arguments), tool, arguments));
    }

    /**
     * @param tool      the tool's wire name
     * @param arguments the arguments object
     * @return the text of the first content block of the call, which must succeed
     * @throws AssertionError if it fails or its first block is not text
     */
    public String text(String tool, Map<String, Object> arguments) {
        return ToolResults.text(ToolResults.success(call(tool, arguments), tool, arguments));
    }

    /**
     * @param tool      the tool's wire name
     * @param arguments the arguments object
     * @param code      the stable error code expected, such as {@code INVALID_ARGUMENTS}
     * @return the failure
     * @throws AssertionError if the call succeeds or fails with another code
     */
    public ToolResult.Failure refused(String tool, Map<String, Object> arguments, String code) {
        return ToolResults.failure(call(tool, arguments), tool, arguments, code);
    }

    /** @return the plugin's id */
    public String pluginId() {
        return pluginId;
    }

    /** @return the state directory: the plugin's {@code PluginContext.stateDir()} and the database's directory */
    public Path stateDir() {
        return stateDir;
    }

    /** @return the plugin's injector */
    public Injector injector() {
        return plugin;
    }

    /** @return the open storage, or empty when no storage adapter is on the test class path */
    public java.util.Optional<SqlStorage> storage() {
        return kernel.getInstance(StorageAccess.class).current();
    }

    /** @return the kernel's tool catalog, holding the plugin's tools under their wire names */
    public ToolCatalog tools() {
        return kernel.getInstance(ToolRegistry.class);
    }

    /**
     * @return the catalog transports serve (the kernel's {@code ServedToolCatalog}), whose change listeners hear a
     *         plugin's {@link dev.switchboard.ports.tool.ToolListChanges} reports
     */
    public ToolCatalog servedTools() {
        return kernel.getInstance(ServedToolCatalog.class);
    }

    /** @return the kernel's resource catalog, holding the plugin's resource providers */
    public ResourceCatalog resources() {
        return kernel.getInstance(ResourceRegistry.class);
    }

    /** @return the kernel's prompt catalog, holding the plugin's prompt providers */
    public PromptCatalog prompts() {
        return kernel.getInstance(PromptRegistry.class);
    }

    /** @return the tool names, transports, services and health checks the plugin contributed */
    public PluginContributions contributions() {
        return contributions;
    }

    /** Stops the plugin's managed services (last started first), withdraws its contributions, closes storage. */
    @Override
    public void close() {
        services.stopAll();
        assembler.withdraw(pluginId);
        assembler.closeStorage();
    }

    /** What to wire; {@link #start(Path)} wires it. Not thread-safe. */
    public static final class Builder {

        private final String pluginId;
        private final Module module;
        private Map<String, Object> settings = Map.of();
        private Map<String, Object> storageSettings = Map.of();
        private String backend = "sqlite";
        private Module pluginOverrides = binder -> {};
        private Module kernelOverrides = binder -> {};
        private boolean startServices = true;

        private Builder(String pluginId, Module module) {
            this.pluginId = Objects.requireNonNull(pluginId, "pluginId");
            this.module = Objects.requireNonNull(module, "module");
        }

        /**
         * @param pluginSettings the plugin's {@code plugins.<id>} subtree, as YAML would give it (strings, numbers,
         *                       booleans, lists, maps)
         * @return this builder
         */
        public Builder settings(Map<String, Object> pluginSettings) {
            this.settings = Map.copyOf(pluginSettings);
            return this;
        }

        /**
         * @param storageSettings the selected storage plugin's {@code plugins.storage-<backend>} subtree, such as
         *                        {@code busy-timeout-ms} for SQLite (whose file defaults to
         *                        {@code <stateDir>/switchboard.db}) or {@code url} and {@code user} for PostgreSQL
         * @return this builder
         */
        public Builder storageSettings(Map<String, Object> storageSettings) {
            this.storageSettings = Map.copyOf(storageSettings);
            return this;
        }

        /**
         * Selects PostgreSQL: {@code backend("postgres")} with the database's settings; the test class path must
         * hold {@code dev.switchboard:plugin-storage-postgres}.
         *
         * @param database a database of the embedded server, such as {@code TestPostgres.database()}
         * @return this builder
         */
        public Builder postgres(TestDatabase database) {
            return backend("postgres").storageSettings(database.settings());
        }

        /**
         * Selects a backend by name, for a test parameterised by backend ({@code sqlite} or {@code postgres}); the
         * settings given with {@link #storageSettings} go to that backend's plugin.
         *
         * @param storageBackend the {@code kernel.storage} backend to open, {@code sqlite} by default
         * @return this builder
         */
        public Builder backend(String storageBackend) {
            this.backend = Objects.requireNonNull(storageBackend, "storageBackend");
            return this;
        }

        /**
         * @param overrides bindings that replace some of the plugin module's, such as a fixed {@code Clock}
         * @return this builder
         */
        public Builder overridePlugin(Module overrides) {
            this.pluginOverrides = Objects.requireNonNull(overrides, "overrides");
            return this;
        }

        /**
         * @param overrides bindings that replace some of the kernel's, such as a recording {@code ProcessExecutor}
         * @return this builder
         */
        public Builder overrideKernel(Module overrides) {
            this.kernelOverrides = Objects.requireNonNull(overrides, "overrides");
            return this;
        }

        /**
         * Leaves the plugin's managed services unstarted, for a test that starts one itself at the moment it chooses
         * (say, a prefetch that must see the test's data); {@link PluginTestBed#contributions()} still lists them.
         *
         * @return this builder
         */
        public Builder withoutStartingServices() {
            this.startServices = false;
            return this;
        }

        /**
         * Wires the plugin.
         *
         * @param stateDir an empty temporary directory (JUnit's {@code @TempDir})
         * @return the started test bed; close it
         * @throws IllegalStateException if the plugin declares migrations and no storage adapter is on the class path
         * @throws RuntimeException      whatever the kernel would mark the plugin failed for (a bad setting, a
         *                               refused migration, an unusable schema, a tool-name clash)
         */
        public PluginTestBed start(Path stateDir) {
            return new PluginTestBed(this, stateDir);
        }
    }
}
