package dev.switchboard.kernel.plugin;

import java.util.List;

import org.pf4j.PluginWrapper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.switchboard.kernel.config.StateDirectoryText;
import dev.switchboard.kernel.tools.FailedPluginTools;
import dev.switchboard.kernel.tools.ToolNameCollisionException;
import dev.switchboard.ports.storage.StorageBusyException;

/**
 * Failure isolation: runs one step of a plugin's start and, when it fails, marks that plugin failed (or waiting for
 * the storage, when the storage's coming up may cure it) and withdraws what it contributed, so the other plugins go
 * on. A failed plugin's tools answer why ({@link FailedPluginTools}). Not thread-safe: called with the host's
 * lifecycle lock held.
 */
final class PluginFailures {

    private static final Logger LOG = LoggerFactory.getLogger(PluginFailures.class);

    private final PreparedPlugins prepared;
    private final PluginStatusBoard statuses;
    private final RunningPlugins running;
    private final StorageWait storageWait;
    private final StorageAccess storage;
    private final PluginAssembler assembler;
    private final FailedPluginTools failedTools;
    private final StateDirectoryText stateText;
    /** Set when a storage plugin failed before the storage opened; its reason is then why storage is unavailable. */
    private boolean storagePluginFailed;

    PluginFailures(
            PreparedPlugins prepared,
            PluginStatusBoard statuses,
            RunningPlugins running,
            StorageWait storageWait,
            StorageAccess storage,
            PluginAssembler assembler,
            FailedPluginTools failedTools,
            StateDirectoryText stateText) {
        this.prepared = prepared;
        this.statuses = statuses;
        this.running = running;
        this.storageWait = storageWait;
        this.storage = storage;
        this.assembler = assembler;
        this.failedTools = failedTools;
        this.stateText = stateText;
    }

    /**
     * Runs one step of a plugin's start; on failure marks the plugin failed and goes on with the other plugins (whether
     * the server then serves without it or stops is the caller's: {@code serve --strict} stops).
     *
     * @return whether the step succeeded
     * @throws ToolNameCollisionException which is not the plugin's failure alone: start-up stops
     */
    boolean guarded(String id, Runnable step) {
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

    /** Marks the plugin failed for a reason clients may read as it is. */
    void markFailed(String id, String reason) {
        markFailed(id, reason, reason);
    }

    /** @return whether a storage plugin failed before any storage opened */
    boolean storagePluginFailed() {
        return storagePluginFailed;
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
        if (prepared.isStorage(id)) {
            return has(failure, StorageOpenException.class) && has(failure, StorageBusyException.class);
        }
        return !storageWait.isEmpty() && has(failure, StorageUnavailableException.class);
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
        boolean first = storageWait.add(id);
        String waiting = "waiting for the storage: " + reason;
        String waitingForClients = "waiting for the storage: " + clientReason;
        if (prepared.isStorage(id)) {
            storage.unavailable(
                    "the storage plugin " + id + " cannot open the storage yet: " + reason,
                    "the storage plugin " + id + " cannot open the storage yet: " + clientReason);
        }
        if (first) {
            LOG.warn("plugin {} is waiting for the storage: {}", id, reason);
        } else {
            LOG.debug("plugin {} is still waiting for the storage: {}", id, reason);
        }
        running.withdraw(id);
        failedTools.waiting(id, stateText.hide(waitingForClients), toolNamesOf(id));
        assembler.withdraw(id);
        statuses.update(
                id, s -> s.with(PluginState.FAILED, waiting, waitingForClients).withTools(List.of()));
    }

    /** @param clientReason {@code reason} as clients are told (no host, port or user of the storage) */
    private void markFailed(String id, String reason, String clientReason) {
        if (storageWait.remove(id) && prepared.isStorage(id)) {
            for (String waiting : storageWait.waiting()) {
                storageWait.remove(waiting);
                markFailed(waiting, "the storage failed: " + reason, "the storage failed: " + clientReason);
            }
        }
        if (prepared.isStorage(id) && storage.current().isEmpty()) {
            storagePluginFailed = true;
            storage.unavailable(
                    "the storage plugin " + id + " failed: " + reason,
                    "the storage plugin " + id + " failed: " + clientReason);
        }
        running.withdraw(id);
        failedTools.failed(id, stateText.hide(clientReason), toolNamesOf(id));
        assembler.withdraw(id);
        if (prepared.unprepared(id)) {
            prepared.stopQuietly(id);
        }
        statuses.update(
                id, s -> s.with(PluginState.FAILED, reason, clientReason).withTools(List.of()));
    }

    /** @return the names of the tools plugin {@code id} declares or contributed, for its failed-tool answers */
    private List<String> toolNamesOf(String id) {
        PluginWrapper plugin = prepared.plugin(id);
        List<String> declared = plugin == null ? List.of() : DeclaredTools.of(plugin);
        return assembler.toolNamesOf(id, declared, prepared.injector(id));
    }
}
