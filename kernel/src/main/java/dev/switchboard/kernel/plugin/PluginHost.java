package dev.switchboard.kernel.plugin;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SequencedSet;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Predicate;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import org.pf4j.PluginWrapper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import com.google.inject.Injector;
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
 * Loads the plugins directory and starts every enabled plugin in order: storage adapters first (and the configured
 * backend is opened), then all others by id. Each plugin is wired by the {@link PluginAssembler}: an injector of its
 * own holding its module, its {@link PluginContext} and the kernel's port services, then its extensions (found through
 * PF4J's index) resolved into the catalogs. A plugin that fails to load or start is marked {@link PluginState#FAILED}
 * with the reason, its contributions are withdrawn, and the others go on; a tool-name collision alone stops
 * start-up.
 *
 * <p>A storage that cannot be opened at start for now (its provider throws a {@link StorageBusyException}: a database
 * that is down, a refused login) is not a permanent failure:
 * the storage plugin, and every plugin that failed for want of the storage, <em>wait for the storage</em> (marked
 * failed, with a reason that says so, their tools answering why). {@link #retryStorageInBackground()} (called by
 * {@code serve}) then tries to open the storage again after {@link #FIRST_RETRY_MS} ms, the pause doubling up to
 * {@link #MAX_RETRY_MS} ms, until it opens or the host stops; once it opens, the waiting plugins start in order and the
 * served tool catalog says it changed. Any other failure to open (a refused setting, a corrupt file) is permanent, as
 * before.
 *
 * <p>Thread-safety: {@link #start()}, {@link #stop()} and the prepare methods are called by the kernel's boot thread;
 * the storage retry runs on a thread of its own, and the steps that change plugins' states hold one lock;
 * {@link #statuses()} may be read from any thread.
 */
@Singleton
public final class PluginHost {

    private static final Logger LOG = LoggerFactory.getLogger(PluginHost.class);

    private final SwitchboardConfig config;
    private final StorageAccess storage;
    private final Map<String, Injector> injectors = new ConcurrentHashMap<>();
    private final PluginStatusBoard statuses = new PluginStatusBoard();
    private final List<String> startOrder = new ArrayList<>();
    private final List<Transport> transports = new ArrayList<>();
    private final Map<String, List<HealthCheck>> healthChecks = new ConcurrentHashMap<>();
    private final ManagedServices services = new ManagedServices();
    private final SwitchboardPluginManager manager;
    private final PluginAssembler assembler;
    private final StoragePlugins storagePlugins;
    private final FailedPluginTools failedTools;
    private final StateDirectoryText stateText;
    /** Set when a storage plugin failed before the storage opened; its reason is then why storage is unavailable. */
    private boolean storagePluginFailed;

    /** The first pause before the storage is opened again, in milliseconds. */
    public static final long FIRST_RETRY_MS = 500;
    /** The longest pause between two attempts to open the storage, in milliseconds. */
    public static final long MAX_RETRY_MS = 4_000;

    private final ServedToolCatalog servedTools;
    private final ReentrantLock lifecycle = new ReentrantLock();
    /** The plugins waiting for the storage, in start order (the storage plugin first); guarded by the lifecycle lock. */
    private final SequencedSet<String> waitingForStorage = new LinkedHashSet<>();

    private volatile boolean stopped;
    private Thread storageRetry;

    /**
     * @param config    the configuration
     * @param storage   where the opened storage is kept
     * @param assembler wires each plugin into the kernel
     * @param failedTools where a failed plugin's tool names are recorded, so calls to them name the failure
     * @param servedTools the catalog transports serve, told when plugins that waited for the storage started
     */
    @Inject
    public PluginHost(
            SwitchboardConfig config,
            StorageAccess storage,
            PluginAssembler assembler,
            FailedPluginTools failedTools,
            ServedToolCatalog servedTools) {
        this.failedTools = failedTools;
        this.servedTools = servedTools;
        this.config = config;
        this.stateText = new StateDirectoryText(config.kernel().stateDir());
        this.storage = storage;
        this.assembler = assembler;
        this.manager = new SwitchboardPluginManager(config.kernel().pluginsDir(), injectors::get);
        this.storagePlugins = new StoragePlugins(manager);
    }

    /**
     * Loads and starts every enabled plugin.
     *
     * @throws ToolNameCollisionException if two plugins contribute the same tool name
     */
    public void start() {
        lifecycle.lock();
        try {
            startAll();
        } finally {
            lifecycle.unlock();
        }
    }

    private void startAll() {
        long loading = StartupClock.start();
        manager.loadPlugins();
        StartupClock.took(loading, "loading the plugins directory");
        manager.loadFailures()
                .forEach((path, reason) -> statuses.put(
                        path.getFileName().toString(),
                        new PluginStatus(
                                path.getFileName().toString(),
                                "?",
                                "",
                                PluginState.FAILED,
                                "cannot load: " + reason,
                                "cannot load: " + reason,
                                List.of())));
        List<PluginWrapper> plugins = new ArrayList<>(manager.getPlugins());
        plugins.sort(Comparator.comparing((PluginWrapper p) -> !storagePlugins.contains(p))
                .thenComparing(PluginWrapper::getPluginId));
        List<PluginWrapper> started = new ArrayList<>();
        for (PluginWrapper plugin : plugins) {
            statuses.put(plugin.getPluginId(), initialStatus(plugin));
            if (plugin.getPluginState() == org.pf4j.PluginState.DISABLED) {
                continue;
            }
            if (!manager.getResolvedPlugins().contains(plugin)) {
                markFailed(plugin.getPluginId(), "unresolved (a required plugin or version is missing)");
                continue;
            }
            if (guarded(plugin.getPluginId(), () -> startLifecycle(plugin))) {
                started.add(plugin);
            }
        }
        for (PluginWrapper plugin : started) {
            guarded(plugin.getPluginId(), () -> contribute(plugin));
        }
        if (storage.current().isEmpty() && !storagePluginFailed && waitingForStorage.isEmpty()) {
            storage.unavailable(
                    "no started plugin provides the '" + config.kernel().storage() + "' backend");
        }
    }

    /**
     * Loads every enabled plugin and runs phase one only (its injector, its PF4J {@code Plugin.start()} hook): no
     * storage is opened, no migration applied, nothing registered and no service started. For maintenance commands
     * ({@code storage copy}) that need plugins' extensions, such as their storage providers and migration sets,
     * without a serving kernel. A plugin whose phase one fails is marked failed; {@link #stop()} stops the others.
     */
    public void prepare() {
        manager.loadPlugins();
        prepareWhere(plugin -> true);
    }

    /**
     * As {@link #prepare()}, but phase one runs only for the storage plugins and the plugins whose
     * {@code plugin.properties} lists {@code commandWord} in {@value #COMMANDS_PROPERTY} (words separated by spaces or
     * commas; {@code Plugin-Commands} in a jar plugin's manifest); when no plugin lists it, for every enabled plugin.
     * Plugins whose descriptor says {@value #SUMMARY_PROPERTY}{@code =true} are prepared too, so the subcommand can
     * read their state summaries. The others are loaded by PF4J (their descriptors read) but not started: no injector,
     * no {@code Plugin.start()}. For a plugin subcommand that must start fast (a hook).
     *
     * @param commandWord the first word of the command line, such as {@code hook}
     */
    public void prepareFor(String commandWord) {
        manager.loadPlugins();
        boolean declared = manager.getPlugins().stream().anyMatch(p -> usable(p) && declaresCommand(p, commandWord));
        prepareWhere(plugin -> !declared
                || storagePlugins.contains(plugin)
                || declaresCommand(plugin, commandWord)
                || contributesSummary(plugin));
    }

    /**
     * For {@code switchboard --help}: loads the plugins directory (PF4J reads the descriptors and makes the class
     * loaders) and runs phase one only for the enabled plugins whose descriptor lacks the {@value #COMMANDS_PROPERTY}
     * key, whose subcommands can be found only through their injectors ({@link #extensions}); a plugin that has the
     * key, blank or not, is not started: {@link #declaredCommands()} reads its words from the descriptor.
     */
    public void prepareUndeclared() {
        manager.loadPlugins();
        prepareWhere(plugin -> commandWords(plugin).isEmpty());
    }

    /**
     * After {@link #prepareUndeclared()} (or any prepare): the first words of the subcommands each enabled plugin
     * declares in {@value #COMMANDS_PROPERTY}, read from its descriptor without starting it.
     *
     * @return the words by plugin id, sorted; a plugin whose key is absent or blank is not in it
     */
    public SortedMap<String, List<String>> declaredCommands() {
        SortedMap<String, List<String>> declared = new TreeMap<>();
        for (PluginWrapper plugin : manager.getPlugins()) {
            if (usable(plugin)) {
                commandWords(plugin)
                        .filter(words -> !words.isEmpty())
                        .ifPresent(words -> declared.put(plugin.getPluginId(), words));
            }
        }
        return declared;
    }

    /** After {@code manager.loadPlugins()}: phase one for the usable plugins the predicate accepts. */
    private void prepareWhere(Predicate<PluginWrapper> prepared) {
        List<PluginWrapper> plugins = new ArrayList<>(manager.getPlugins());
        plugins.sort(Comparator.comparing((PluginWrapper p) -> !storagePlugins.contains(p))
                .thenComparing(PluginWrapper::getPluginId));
        for (PluginWrapper plugin : plugins) {
            statuses.put(plugin.getPluginId(), initialStatus(plugin));
            if (usable(plugin) && prepared.test(plugin)) {
                guarded(plugin.getPluginId(), () -> startLifecycle(plugin));
            }
        }
    }

    private boolean usable(PluginWrapper plugin) {
        return plugin.getPluginState() != org.pf4j.PluginState.DISABLED
                && manager.getResolvedPlugins().contains(plugin);
    }

    /** @return the words of the plugin's {@value #COMMANDS_PROPERTY} (none when blank), or empty when it lacks it */
    private static Optional<List<String>> commandWords(PluginWrapper plugin) {
        try {
            return PluginModuleLoader.descriptorEntry(plugin.getPluginPath(), COMMANDS_PROPERTY, "Plugin-Commands")
                    .map(value ->
                            value.isBlank() ? List.of() : List.of(value.strip().split("[\\s,]+")));
        } catch (PluginStartException e) {
            return Optional.empty();
        }
    }

    /** The {@code plugin.properties} key listing the first words of a plugin's subcommands. */
    public static final String COMMANDS_PROPERTY = "plugin.commands";

    /**
     * The {@code plugin.properties} key listing, comma-separated, the keys of the plugin's configuration subtree that
     * a local stdio session sets for itself (mailbox: {@code role,channel}; handoff: {@code consumer,project}): a
     * session attached to a shared server sets them in its own environment
     * ({@link dev.switchboard.ports.plugin.PluginContext#settingVariable}), the plugin reads them with
     * {@link dev.switchboard.ports.plugin.PluginContext#settingsFor}, and they are no part of a shared server's key
     * nor of its environment (ADR 32). Blank or absent: none.
     */
    public static final String SESSION_SETTINGS_PROPERTY = "plugin.session-settings";

    /**
     * The {@code plugin.properties} key listing, comma-separated, the other environment variables the plugin reads
     * per local session (mailbox: {@code AI_AGENT_CHANNEL_ROLE}), from
     * {@link dev.switchboard.ports.call.LocalSession#variable}; a shared server is started without them (ADR 32).
     * Blank or absent: none.
     */
    public static final String SESSION_VARIABLES_PROPERTY = "plugin.session-variables";

    /**
     * The {@code plugin.properties} key by which a plugin says it contributes a
     * {@link dev.switchboard.ports.summary.StateSummary} ({@code true}): it is prepared with every plugin subcommand,
     * so that a subcommand's {@link dev.switchboard.ports.summary.StateSummaries} lists it (ADR 28).
     */
    public static final String SUMMARY_PROPERTY = "plugin.summary";

    private static boolean contributesSummary(PluginWrapper plugin) {
        try {
            return PluginModuleLoader.descriptorValue(plugin.getPluginPath(), SUMMARY_PROPERTY, "Plugin-Summary")
                    .map(value -> value.strip().equals("true"))
                    .orElse(false);
        } catch (PluginStartException e) {
            return false;
        }
    }

    private static boolean declaresCommand(PluginWrapper plugin, String word) {
        return commandWords(plugin).orElse(List.of()).contains(word);
    }

    /**
     * After {@link #prepare()} or {@link #prepareFor}: phase two for the storage plugins alone (the configured backend
     * is opened only if its database exists, {@code StorageProvider.openExisting}: a store no server has used is
     * left uncreated and the storage unavailable, saying why). For a subcommand that reads the store through its
     * plugin's injector without starting the plugin.
     */
    public void startStorage() {
        storage.requireExisting(); // a read-only start never creates a store (a SQLite file) no server has used
        startPrepared(null);
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
        for (String id : List.copyOf(startOrder)) {
            if (storagePlugins.contains(id) || id.equals(pluginId)) { // a null pluginId: the storage plugins only
                guarded(id, () -> contribute(manager.getPlugin(id)));
            }
        }
        if (storage.current().isEmpty() && !storagePluginFailed && !storage.refused() && waitingForStorage.isEmpty()) {
            storage.unavailable(
                    "no started plugin provides the '" + config.kernel().storage() + "' backend");
        }
    }

    /**
     * @param pluginId a plugin past phase one
     * @param type     a type its injector can build
     * @param <T>      that type
     * @return the instance its injector builds
     * @throws IllegalStateException if the plugin has no injector (not loaded, or failed in phase one), or its
     *         injector cannot build the type
     * @throws RuntimeException      what the type's constructor threw (a storage failure, say), unwrapped from
     *                               Guice's report
     */
    public <T> T instance(String pluginId, Class<T> type) {
        Injector injector = injectors.get(pluginId);
        if (injector == null) {
            throw new IllegalStateException("plugin " + pluginId + " has not been prepared");
        }
        try {
            return injector.getInstance(type);
        } catch (com.google.inject.ProvisionException e) {
            if (e.getCause() instanceof RuntimeException cause) {
                throw cause;
            }
            throw e;
        } catch (com.google.inject.ConfigurationException e) {
            throw new IllegalStateException(
                    "plugin " + pluginId + " cannot build " + type.getName() + ": " + e.getMessage(), e);
        }
    }

    /**
     * @param type an extension point
     * @param <T>  its type
     * @return the extensions of that type of every plugin past phase one, by plugin id (sorted), built by each plugin's
     *         injector
     */
    public <T> SortedMap<String, List<T>> extensions(Class<T> type) {
        SortedMap<String, List<T>> found = new TreeMap<>();
        for (String id : startOrder) {
            List<T> of = extensionsOf(id).of(type);
            if (!of.isEmpty()) {
                found.put(id, of);
            }
        }
        return found;
    }

    /** @return the ids of the plugins past phase one that have not failed, in start order */
    public List<String> preparedPlugins() {
        return List.copyOf(startOrder);
    }

    /**
     * @param pluginId a plugin past phase one
     * @param type     an extension point
     * @param <T>      its type
     * @return that plugin's extensions of the type, built by its injector
     * @throws RuntimeException what building one threw (Guice's report, a setting the plugin refused)
     */
    public <T> List<T> extensionsOf(String pluginId, Class<T> type) {
        return extensionsOf(pluginId).of(type);
    }

    /** @return the ids of the disabled plugins found, sorted */
    public List<String> disabledPlugins() {
        return statuses.sorted().stream()
                .filter(s -> s.state() == PluginState.DISABLED)
                .map(PluginStatus::id)
                .toList();
    }

    /**
     * Phase one, for every plugin before any contributes: its injector, then its PF4J {@code Plugin.start()} hook.
     * Running every hook first lets a plugin begin slow preparation in the background (loading a native library,
     * warming a protocol stack) while the storage opens and other plugins contribute.
     */
    private void startLifecycle(PluginWrapper plugin) {
        long started = StartupClock.start();
        String id = plugin.getPluginId();
        Module own = new PluginModuleLoader().load(plugin).orElse(binder -> {});
        injectors.put(id, assembler.injector(id, own));
        if (manager.startPlugin(id) != org.pf4j.PluginState.STARTED) {
            Throwable cause = plugin.getFailedException();
            throw PluginStartException.lifecycleFailed(id, cause);
        }
        startOrder.add(id);
        StartupClock.took(started, "plugin " + id + " phase one");
    }

    /** Phase two, storage plugins first: open the storage, then apply migrations and register contributions. */
    private void contribute(PluginWrapper plugin) {
        long started = StartupClock.start();
        String id = plugin.getPluginId();
        PluginContributions registered = assembler.contribute(id, injectors.get(id), extensionsOf(id));
        services.start(id, registered.services());
        transports.addAll(registered.transports());
        if (!registered.healthChecks().isEmpty()) {
            healthChecks.put(id, registered.healthChecks());
        }
        statuses.put(id, statuses.get(id).with(PluginState.STARTED, null).withTools(registered.toolNames()));
        failedTools.started(id);
        LOG.info("plugin {} started with {} tools", id, registered.toolNames().size());
        StartupClock.took(started, "plugin " + id + " phase two");
    }

    private PluginExtensions extensionsOf(String id) {
        return new PluginExtensions() {
            @Override
            public <T> List<T> of(Class<T> type) {
                return manager.getExtensions(type, id);
            }
        };
    }

    /**
     * Runs one step of a plugin's start; on failure marks the plugin failed and goes on with the other plugins (whether
     * the server then serves without it or stops is the caller's: {@code serve --strict} stops).
     *
     * @return whether the step succeeded
     * @throws ToolNameCollisionException which is not the plugin's failure alone: start-up stops
     */
    private boolean guarded(String id, Runnable step) {
        try {
            step.run();
            return true;
        } catch (ToolNameCollisionException e) {
            markFailed(id, e.getMessage());
            throw e;
        } catch (RuntimeException | LinkageError e) {
            String reason = FailureReasons.of(e);
            if (waitsForStorage(id, e)) {
                markWaiting(id, reason, FailureReasons.forClients(e));
                return false;
            }
            if (FailureReasons.isExplainedByItsMessage(e)) {
                LOG.error("plugin {} failed to start: {}; it is marked failed", id, reason);
                LOG.debug("plugin {} failure", id, e);
            } else {
                LOG.error("plugin {} failed to start; it is marked failed", id, e);
            }
            markFailed(id, reason, FailureReasons.forClients(e));
            return false;
        }
    }

    private void markFailed(String id, String reason) {
        markFailed(id, reason, reason);
    }

    /**
     * @return whether the failure is one the storage's coming up may cure: the storage plugin could not open the
     *         storage for now (its provider threw a {@link StorageBusyException}: a database server that is down or
     *         refuses the login), or another plugin failed for want of a storage that the storage plugin waits for
     */
    private boolean waitsForStorage(String id, Throwable failure) {
        if (storage.current().isPresent() || storage.refused()) {
            return false;
        }
        if (storagePlugins.contains(id)) {
            return has(failure, StorageOpenException.class) && has(failure, StorageBusyException.class);
        }
        return !waitingForStorage.isEmpty() && has(failure, StorageUnavailableException.class);
    }

    private static boolean has(Throwable failure, Class<? extends Throwable> type) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (type.isInstance(cause)) {
                return true;
            }
        }
        return false;
    }

    /**
     * As {@link #markFailed}, but the plugin stays past phase one (its injector, its PF4J start), to contribute again
     * once the storage opens; logged once, as a warning.
     */
    private void markWaiting(String id, String reason, String clientReason) {
        boolean first = waitingForStorage.add(id);
        String waiting = "waiting for the storage: " + reason;
        String waitingForClients = "waiting for the storage: " + clientReason;
        if (storagePlugins.contains(id)) {
            storage.unavailable(
                    "the storage plugin " + id + " cannot open the storage yet: " + reason,
                    "the storage plugin " + id + " cannot open the storage yet: " + clientReason);
        }
        if (first) {
            LOG.warn("plugin {} is waiting for the storage: {}", id, reason);
        } else {
            LOG.debug("plugin {} is still waiting for the storage: {}", id, reason);
        }
        services.stop(id);
        healthChecks.remove(id);
        failedTools.waiting(id, stateText.hide(waitingForClients), toolNamesOf(id));
        assembler.withdraw(id);
        statuses.update(
                id, s -> s.with(PluginState.FAILED, waiting, waitingForClients).withTools(List.of()));
    }

    /**
     * When the storage could not be opened at start, retries it on a background thread until it opens or the host
     * stops (pauses from {@link #FIRST_RETRY_MS} doubling to {@link #MAX_RETRY_MS} ms), then starts the plugins that
     * waited for it. For {@code serve}; a command that runs once (doctor) reports the failure instead. Does nothing
     * when nothing waits, or when the retry already runs.
     */
    public void retryStorageInBackground() {
        lifecycle.lock();
        try {
            if (waitingForStorage.isEmpty() || storageRetry != null || stopped) {
                return;
            }
            LOG.info(
                    "the storage is retried in the background (every {} ms at first, at most every {} ms); plugins"
                            + " waiting for it: {}",
                    FIRST_RETRY_MS,
                    MAX_RETRY_MS,
                    List.copyOf(waitingForStorage));
            storageRetry = Thread.ofPlatform()
                    .daemon()
                    .name("switchboard-storage-retry")
                    .start(this::retryUntilOpen);
        } finally {
            lifecycle.unlock();
        }
    }

    /** @return whether plugins are waiting for the storage to open */
    public boolean waitingForStorage() {
        lifecycle.lock();
        try {
            return !waitingForStorage.isEmpty();
        } finally {
            lifecycle.unlock();
        }
    }

    private void retryUntilOpen() {
        long pause = FIRST_RETRY_MS;
        int attempts = 0;
        try {
            while (!stopped) {
                Thread.sleep(pause);
                attempts++;
                lifecycle.lock();
                try {
                    if (stopped || retryOnce(attempts)) {
                        return;
                    }
                } finally {
                    lifecycle.unlock();
                }
                pause = Math.min(pause * 2, MAX_RETRY_MS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // the host is stopping
        }
    }

    /** @return whether the retry is over: the storage opened (or failed for good) and the waiting plugins started */
    private boolean retryOnce(int attempt) {
        String storageId = waitingForStorage.getFirst();
        if (!storagePlugins.contains(storageId)) {
            return true; // cannot happen: a plugin waits only behind a waiting storage plugin
        }
        if (!guarded(storageId, () -> contribute(manager.getPlugin(storageId)))) {
            return !waitingForStorage.contains(storageId); // failed for good: the others were failed with it
        }
        waitingForStorage.remove(storageId);
        LOG.info(
                "the storage opened at attempt {} of its retry; starting the plugins that waited for it: {}",
                attempt,
                List.copyOf(waitingForStorage));
        for (String id : List.copyOf(waitingForStorage)) {
            waitingForStorage.remove(id);
            guarded(id, () -> contribute(manager.getPlugin(id)));
        }
        servedTools.changed();
        return true;
    }

    /** @param clientReason {@code reason} as clients are told (no host, port or user of the storage) */
    private void markFailed(String id, String reason, String clientReason) {
        if (waitingForStorage.remove(id) && storagePlugins.contains(id)) {
            for (String waiting : List.copyOf(waitingForStorage)) {
                waitingForStorage.remove(waiting);
                markFailed(waiting, "the storage failed: " + reason, "the storage failed: " + clientReason);
            }
        }
        if (storagePlugins.contains(id) && storage.current().isEmpty()) {
            storagePluginFailed = true;
            storage.unavailable(
                    "the storage plugin " + id + " failed: " + reason,
                    "the storage plugin " + id + " failed: " + clientReason);
        }
        services.stop(id);
        healthChecks.remove(id);
        failedTools.failed(id, stateText.hide(clientReason), toolNamesOf(id));
        assembler.withdraw(id);
        if (startOrder.remove(id)) {
            stopQuietly(id);
        }
        statuses.update(
                id, s -> s.with(PluginState.FAILED, reason, clientReason).withTools(List.of()));
    }

    /** @return the names of the tools plugin {@code id} declares or contributed, for its failed-tool answers */
    private List<String> toolNamesOf(String id) {
        PluginWrapper plugin = manager.getPlugin(id);
        List<String> declared = plugin == null ? List.of() : DeclaredTools.of(plugin);
        return assembler.toolNamesOf(id, declared, injectors.get(id));
    }

    /** @return the transports contributed by started plugins */
    public List<Transport> transports() {
        return List.copyOf(transports);
    }

    /** @return every plugin found, with its state, sorted by id; the same list instance until a state changes */
    public List<PluginStatus> statuses() {
        return statuses.sorted();
    }

    /** @return the open storage, or empty when no storage backend started */
    public java.util.Optional<dev.switchboard.ports.storage.SqlStorage> storage() {
        return storage.current();
    }

    /**
     * @return why no storage is open, such as {@code the storage plugin storage-sqlite failed: ...} or {@code no
     *         started plugin provides the 'sqlite' backend}; empty while a storage is open
     */
    public java.util.Optional<String> storageUnavailableReason() {
        return storage.current().isPresent()
                ? java.util.Optional.empty()
                : java.util.Optional.of(storage.unavailableReason());
    }

    /** @return the health checks of started plugins, by plugin id, sorted by id */
    public SortedMap<String, List<HealthCheck>> healthChecks() {
        return new TreeMap<>(healthChecks);
    }

    /**
     * Stops every plugin's {@link dev.switchboard.ports.plugin.ManagedService}s, last started first: the first step of
     * an orderly shutdown, before transports drain, while storage is open. Idempotent.
     */
    public void stopServices() {
        services.stopAll();
    }

    /** @return where plugins are loaded from */
    public Path pluginsDir() {
        return config.kernel().pluginsDir();
    }

    /**
     * Stops started plugins one by one in reverse start order (PF4J 3.15's {@code stopPlugins()} throws a
     * ConcurrentModificationException), after closing the storage. Idempotent.
     */
    public void stop() {
        stopped = true;
        Thread retry;
        lifecycle.lock();
        try {
            retry = storageRetry;
        } finally {
            lifecycle.unlock();
        }
        if (retry != null) {
            retry.interrupt();
        }
        lifecycle.lock();
        try {
            stopAll();
        } finally {
            lifecycle.unlock();
        }
    }

    private void stopAll() {
        waitingForStorage.clear();
        stopServices();
        healthChecks.clear();
        List<String> reversed = new ArrayList<>(startOrder);
        Collections.reverse(reversed);
        for (String id : reversed) {
            assembler.withdraw(id);
            if (!storagePlugins.contains(id)) {
                stopQuietly(id);
            }
        }
        assembler.closeStorage();
        for (String id : reversed) {
            if (storagePlugins.contains(id)) {
                stopQuietly(id);
            }
        }
        reversed.forEach(id -> statuses.update(id, s -> s.with(PluginState.STOPPED, null)));
        startOrder.clear();
        transports.clear();
    }

    private void stopQuietly(String id) {
        try {
            manager.stopPlugin(id);
        } catch (RuntimeException e) {
            LOG.warn("plugin {} did not stop cleanly", id, e);
        }
    }

    private static PluginStatus initialStatus(PluginWrapper plugin) {
        PluginState state =
                plugin.getPluginState() == org.pf4j.PluginState.DISABLED ? PluginState.DISABLED : PluginState.STOPPED;
        return new PluginStatus(
                plugin.getPluginId(),
                plugin.getDescriptor().getVersion(),
                plugin.getDescriptor().getPluginDescription(),
                state,
                null,
                null,
                List.of());
    }
}
