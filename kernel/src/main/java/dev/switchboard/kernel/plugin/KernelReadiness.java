package dev.switchboard.kernel.plugin;

import java.util.Optional;

import jakarta.inject.Inject;
import jakarta.inject.Provider;
import jakarta.inject.Singleton;

import dev.switchboard.ports.storage.SqlStorage;
import dev.switchboard.ports.transport.Readiness;

/**
 * The kernel's {@link Readiness}: not ready ({@value #STOPPING}) from the moment the server's shutdown begins
 * ({@link #beginStopping()}: SIGTERM, {@code server stop}, the end of serving; before any transport drains, so a
 * transport still draining its calls, or waiting for another transport to drain, already answers it), while an
 * enabled plugin is not started (failed, or waiting for the storage), while no storage is open, or while the open
 * storage does not answer (asked at most once a second: {@link StorageProbe}). Reasons name the plugin, never a host, port, user or path. Thread-safe.
 */
@Singleton
public final class KernelReadiness implements Readiness {

    /** The reason given once shutdown has begun. */
    public static final String STOPPING = "stopping";

    private final Provider<PluginHost> plugins;
    private final StorageAccess storage;
    private final StorageProbe probe = new StorageProbe();
    private volatile boolean stopping;

    /**
     * @param plugins the plugin host, whose statuses are read (a provider: the host is built after the kernel's
     *                bindings)
     * @param storage the open storage, if any
     */
    @Inject
    public KernelReadiness(Provider<PluginHost> plugins, StorageAccess storage) {
        this.plugins = plugins;
        this.storage = storage;
    }

    /** Says {@value #STOPPING} from now on: the server's shutdown has begun. Idempotent; never undone. */
    public void beginStopping() {
        stopping = true;
    }

    @Override
    public Optional<String> notReadyBecause() {
        if (stopping) {
            return Optional.of(STOPPING);
        }
        for (PluginStatus status : plugins.get().statuses()) {
            if (status.state() == PluginState.FAILED) {
                return Optional.of("plugin " + status.id() + " is not started"
                        + (plugins.get().waitingForStorage() ? " (waiting for the storage)" : ""));
            }
        }
        Optional<SqlStorage> open = storage.current();
        if (open.isEmpty()) {
            return Optional.of("the storage is not open");
        }
        return probe.problem(open.get());
    }
}
