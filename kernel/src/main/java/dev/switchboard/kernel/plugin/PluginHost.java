package dev.switchboard.kernel.plugin;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Predicate;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import org.pf4j.PluginWrapper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import com.google.inject.Module;

import dev.switchboard.kernel.config.StateDirectoryText;
import dev.switchboard.kernel.config.SwitchboardConfig;
import dev.switchboard.kernel.tools.FailedPluginTools;
import dev.switchboard.kernel.tools.ServedToolCatalog;
import dev.switchboard.kernel.tools.ToolNameCollisionException;
import dev.switchboard.ports.health.HealthCheck;
import dev.switchboard.ports.plugin.PluginContext;
import dev.switchboard.ports.storage.StorageBusyException;
import dev.switchboard.ports.transport.Transport;

/**
 * The plugins' lifecycle: loads the plugins directory and starts every enabled plugin in order, storage adapters first
 * (and the configured backend is opened), then all others by id; or, for a command, prepares only the plugins it
 * needs. Phase one builds a plugin's injector (its module, its {@link PluginContext}, the kernel's port services) and
 * runs its PF4J start; phase two, by the {@link PluginAssembler}, resolves its extensions into the catalogs. What
 * the phases produce is kept by {@link PreparedPlugins} (the lookup commands use), {@link RunningPlugins}
 * (transports, services, health checks) and the plugins' statuses. A plugin that fails to load or start is marked
 * {@link PluginState#FAILED} with the reason and the others go on ({@link PluginFailures}); a tool-name collision
 * alone stops start-up.
 *
 * <p>A storage that cannot be opened at start for now (its provider throws a {@link StorageBusyException}: a database
 * that is down, a refused login) is not a permanent failure: the storage plugin, and every plugin that failed for want
 * of the storage, wait for it ({@link StorageWait}), marked failed with a reason that says so. {@link
 * #retryStorageInBackground()} (called by {@code serve}) tries to open it again until it opens or the host stops; then
 * the waiting plugins start in order and the served tool catalog says it changed.
 *
 * <p>Thread-safety: {@link #start()}, {@link #stop()} and the prepare methods are called by the kernel's boot thread;
 * the storage retry runs on a thread of its own; the steps that change plugins' states hold one lock. The readers
 * ({@link #statuses()}, {@link #transports()}, {@link #healthChecks()}) may be called from any thread.
 */
@Singleton
public final class PluginHost {

    private static final Logger LOG = LoggerFactory.getLogger(PluginHost.class);

    private final SwitchboardConfig config;
    private final StorageAccess storage;
    private final PluginAssembler assembler;
    private final PreparedPlugins prepared;
    private final FailedPluginTools failedTools;
    private final ServedToolCatalog servedTools;
    private final PluginStatusBoard statuses = new PluginStatusBoard();
    private final RunningPlugins running = new RunningPlugins();
    private final ReentrantLock lifecycle = new ReentrantLock();
    private final StorageWait storageWait = new StorageWait(lifecycle);
    private final PluginFailures failures;

    /**
     * @param config      the configuration
     * @param storage     where the opened storage is kept
     * @param assembler   wires each plugin into the kernel
     * @param prepared    the plugins found and those past phase one
     * @param failedTools where a failed plugin's tool names are recorded, so calls to them name the failure
     * @param servedTools the catalog transports serve, told when plugins that waited for the storage started
     */
    @Inject
    public PluginHost(
            SwitchboardConfig config,
            StorageAccess storage,
            PluginAssembler assembler,
            PreparedPlugins prepared,
            FailedPluginTools failedTools,
            ServedToolCatalog servedTools) {
        this.config = config;
        this.storage = storage;
        this.assembler = assembler;
        this.prepared = prepared;
        this.failedTools = failedTools;
        this.servedTools = servedTools;
        this.failures = new PluginFailures(
                prepared,
                statuses,
                running,
                storageWait,
                storage,
                assembler,
                failedTools,
                new StateDirectoryText(config.kernel().stateDir()));
    }

    /**
     * Loads and starts every enabled plugin: phase one for each, then phase two for each that passed it.
     *
     * @throws ToolNameCollisionException if two plugins contribute the same tool name
     */
    public void start() {
        lifecycle.lock();
        try {
            long loading = StartupClock.start();
            prepared.load();
            StartupClock.took(loading, "loading the plugins directory");
            prepared.manager().loadFailures().forEach(statuses::loadFailed);
            List<PluginWrapper> started = new ArrayList<>();
            for (PluginWrapper plugin : prepared.inStartOrder()) {
                statuses.found(plugin);
                if (plugin.getPluginState() == org.pf4j.PluginState.DISABLED) {
                    continue;
                }
                if (!prepared.usable(plugin)) {
                    failures.markFailed(plugin.getPluginId(), "unresolved (a required plugin or version is missing)");
                    continue;
                }
                if (failures.guarded(plugin.getPluginId(), () -> phaseOne(plugin))) {
                    started.add(plugin);
                }
            }
            for (PluginWrapper plugin : started) {
                failures.guarded(plugin.getPluginId(), () -> phaseTwo(plugin.getPluginId()));
            }
            noteWhenNoStorageStarted();
        } finally {
            lifecycle.unlock();
        }
    }

    /**
     * Loads every enabled plugin and runs phase one only (its injector, its PF4J {@code Plugin.start()} hook): no
     * storage is opened, no migration applied, nothing registered and no service started. For maintenance commands
     * ({@code storage copy}) that need plugins' extensions, such as their storage providers and migration sets,
     * without a serving kernel. A plugin whose phase one fails is marked failed; {@link #stop()} stops the others.
     */
    public void prepare() {
        prepareWhere(plugin -> true);
    }

    /**
     * As {@link #prepare()}, but phase one runs only for the storage plugins and the plugins whose
     * {@code plugin.properties} lists {@code commandWord} in {@code plugin.commands} (words separated by spaces or
     * commas; {@code Plugin-Commands} in a jar plugin's manifest); when no plugin lists it, for every enabled plugin.
     * Plugins whose descriptor says {@code plugin.summary=true} are prepared too, so the subcommand can read their
     * state summaries. The others are loaded by PF4J (their descriptors read) but not started: no injector, no {@code
     * Plugin.start()}. For a plugin subcommand that must start fast (a hook).
     *
     * @param commandWord the first word of the command line, such as {@code hook}
     */
    public void prepareFor(String commandWord) {
        prepared.load();
        boolean declared = prepared.manager().getPlugins().stream()
                .anyMatch(p -> prepared.usable(p) && CommandDeclarations.declaresCommand(p, commandWord));
        prepareLoaded(plugin -> !declared
                || prepared.isStorage(plugin.getPluginId())
                || CommandDeclarations.declaresCommand(plugin, commandWord)
                || CommandDeclarations.contributesSummary(plugin));
    }

    /**
     * For {@code switchboard --help}: loads the plugins directory (PF4J reads the descriptors and makes the class
     * loaders) and runs phase one only for the enabled plugins whose descriptor lacks the {@code plugin.commands} key,
     * whose subcommands can be found only through their injectors ({@link PreparedPlugins#extensions}); a plugin that
     * has the key, blank or not, is not started: {@link #declaredCommands()} reads its words from the descriptor.
     */
    public void prepareUndeclared() {
        prepareWhere(plugin -> CommandDeclarations.commandWords(plugin).isEmpty());
    }

    /**
     * After {@link #prepareUndeclared()} (or any prepare): the first words of the subcommands each enabled plugin
     * declares in {@code plugin.commands}, read from its descriptor without starting it.
     *
     * @return the words by plugin id, sorted; a plugin whose key is absent or blank is not in it
     */
    public SortedMap<String, List<String>> declaredCommands() {
        SortedMap<String, List<String>> declared = new TreeMap<>();
        for (PluginWrapper plugin : prepared.manager().getPlugins()) {
            if (prepared.usable(plugin)) {
                CommandDeclarations.commandWords(plugin)
                        .filter(words -> !words.isEmpty())
                        .ifPresent(words -> declared.put(plugin.getPluginId(), words));
            }
        }
        return declared;
    }

    private void prepareWhere(Predicate<PluginWrapper> chosen) {
        prepared.load();
        prepareLoaded(chosen);
    }

    /** After the plugins directory is loaded: phase one for the usable plugins the predicate accepts. */
    private void prepareLoaded(Predicate<PluginWrapper> chosen) {
        for (PluginWrapper plugin : prepared.inStartOrder()) {
            statuses.found(plugin);
            if (prepared.usable(plugin) && chosen.test(plugin)) {
                failures.guarded(plugin.getPluginId(), () -> phaseOne(plugin));
            }
        }
    }

    /**
     * After {@link #prepare()} or {@link #prepareFor}: phase two for the storage plugins alone (the configured backend
     * is opened only if its database exists, {@code StorageProvider.openExisting}: a store no server has used is left
     * uncreated and the storage unavailable, saying why). For a subcommand that reads the store through its plugin's
     * injector without starting the plugin.
     */
    public void startStorage() {
        storage.requireExisting(); // a read-only start never creates a store (a SQLite file) no server has used
        startPrepared(null);
    }

    /**
     * As {@link #startPrepared(String)}, with the configured backend opened only if its database exists
     * ({@code StorageProvider.openExisting}): a store no server has used is left uncreated and the storage
     * unavailable, saying why, and the plugin is then not started (nor marked failed).
     *
     * @param pluginId the plugin to start
     */
    public void startPreparedOnExistingStore(String pluginId) {
        startStorage();
        // without a store the plugin is not tried: the storage's reason is the one thing to say
        if (storageUnavailableReason().isEmpty() && prepared.ids().contains(pluginId)) {
            failures.guarded(pluginId, () -> phaseTwo(pluginId));
        }
    }

    /**
     * After {@link #prepare()}: phase two for the storage plugins (the configured backend is opened) and for
     * {@code pluginId} alone: its migrations applied, its contributions registered, its managed services started. The
     * other prepared plugins contribute nothing. For a plugin's own command-line subcommand, which needs its plugin as
     * a tool call would find it and nothing else. A failure marks the plugin failed, as {@link #start()} does; read
     * {@link #statuses()} and {@link #storageUnavailableReason()} to know.
     *
     * @param pluginId the plugin to start, or null for the storage plugins only
     */
    public void startPrepared(String pluginId) {
        for (String id : prepared.ids()) {
            if (prepared.isStorage(id) || id.equals(pluginId)) { // a null pluginId: the storage plugins only
                failures.guarded(id, () -> phaseTwo(id));
            }
        }
        if (!storage.refused()) {
            noteWhenNoStorageStarted();
        }
    }

    private void noteWhenNoStorageStarted() {
        if (storage.current().isEmpty() && !failures.storagePluginFailed() && storageWait.isEmpty()) {
            storage.unavailable(
                    "no started plugin provides the '" + config.kernel().storage() + "' backend");
        }
    }

    /**
     * Phase one, for every plugin before any contributes: its injector, then its PF4J {@code Plugin.start()} hook.
     * Running every hook first lets a plugin begin slow preparation in the background (loading a native library,
     * warming a protocol stack) while the storage opens and other plugins contribute.
     */
    private void phaseOne(PluginWrapper plugin) {
        long started = StartupClock.start();
        String id = plugin.getPluginId();
        Module own = new PluginModuleLoader().load(plugin).orElse(binder -> {});
        prepared.injectorBuilt(id, assembler.injector(id, own));
        if (prepared.manager().startPlugin(id) != org.pf4j.PluginState.STARTED) {
            throw PluginStartException.lifecycleFailed(id, plugin.getFailedException());
        }
        prepared.prepared(id);
        StartupClock.took(started, "plugin " + id + " phase one");
    }

    /** Phase two, storage plugins first: open the storage, then apply migrations and register contributions. */
    private void phaseTwo(String id) {
        long started = StartupClock.start();
        PluginContributions registered = assembler.contribute(id, prepared.injector(id), prepared.extensionsOf(id));
        running.started(id, registered);
        statuses.put(id, statuses.get(id).with(PluginState.STARTED, null).withTools(registered.toolNames()));
        failedTools.started(id);
        LOG.info("plugin {} started with {} tools", id, registered.toolNames().size());
        StartupClock.took(started, "plugin " + id + " phase two");
    }

    /**
     * When the storage could not be opened at start, retries it on a background thread until it opens or the host
     * stops (pauses from {@link StorageWait#FIRST_RETRY_MS} doubling to {@link StorageWait#MAX_RETRY_MS} ms), then
     * starts the plugins that waited for it. For {@code serve}; a command that runs once (doctor) reports the failure
     * instead. Does nothing when nothing waits, or when the retry already runs.
     */
    public void retryStorageInBackground() {
        lifecycle.lock();
        try {
            storageWait.retryInBackground(this::retryOnce);
        } finally {
            lifecycle.unlock();
        }
    }

    /** @return whether plugins are waiting for the storage to open */
    public boolean waitingForStorage() {
        lifecycle.lock();
        try {
            return !storageWait.isEmpty();
        } finally {
            lifecycle.unlock();
        }
    }

    /** @return whether the retry is over: the storage opened (or failed for good) and the waiting plugins started */
    private boolean retryOnce(int attempt) {
        String storageId = storageWait.first();
        if (storageId == null || !prepared.isStorage(storageId)) {
            return true; // cannot happen: a plugin waits only behind a waiting storage plugin
        }
        if (!failures.guarded(storageId, () -> phaseTwo(storageId))) {
            return !storageWait.contains(storageId); // failed for good: the others were failed with it
        }
        storageWait.remove(storageId);
        LOG.info(
                "the storage opened at attempt {} of its retry; starting the plugins that waited for it: {}",
                attempt,
                storageWait.waiting());
        for (String id : storageWait.waiting()) {
            storageWait.remove(id);
            failures.guarded(id, () -> phaseTwo(id));
        }
        servedTools.changed();
        return true;
    }

    /** @return the transports contributed by started plugins */
    public List<Transport> transports() {
        return running.transports();
    }

    /** @return every plugin found, with its state, sorted by id; the same list instance until a state changes */
    public List<PluginStatus> statuses() {
        return statuses.sorted();
    }

    /**
     * @return why no storage is open, such as {@code the storage plugin storage-sqlite failed: ...} or {@code no
     *         started plugin provides the 'sqlite' backend}; empty while a storage is open
     */
    public Optional<String> storageUnavailableReason() {
        return storage.current().isPresent() ? Optional.empty() : Optional.of(storage.unavailableReason());
    }

    /** @return the health checks of started plugins, by plugin id, sorted by id */
    public SortedMap<String, List<HealthCheck>> healthChecks() {
        return running.healthChecks();
    }

    /**
     * Stops every plugin's {@link dev.switchboard.ports.plugin.ManagedService}s, last started first: the first step of
     * an orderly shutdown, before transports drain, while storage is open. Idempotent.
     */
    public void stopServices() {
        running.stopServices();
    }

    /**
     * Stops started plugins one by one in reverse start order (PF4J 3.15's {@code stopPlugins()} throws a
     * ConcurrentModificationException): the others first, then the storage is closed, then the storage plugins.
     * Idempotent.
     */
    public void stop() {
        storageWait.stop();
        lifecycle.lock();
        try {
            storageWait.clear();
            running.clear();
            List<String> reversed = prepared.clear().reversed();
            for (String id : reversed) {
                assembler.withdraw(id);
                if (!prepared.isStorage(id)) {
                    prepared.stopQuietly(id);
                }
            }
            assembler.closeStorage();
            for (String id : reversed) {
                if (prepared.isStorage(id)) {
                    prepared.stopQuietly(id);
                }
            }
            reversed.forEach(id -> statuses.update(id, s -> s.with(PluginState.STOPPED, null)));
        } finally {
            lifecycle.unlock();
        }
    }
}
