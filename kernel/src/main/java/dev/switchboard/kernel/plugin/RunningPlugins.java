package dev.switchboard.kernel.plugin;

import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

import dev.switchboard.ports.health.HealthCheck;
import dev.switchboard.ports.transport.Transport;

/**
 * What the started plugins contributed that the kernel runs itself, outside the catalogs: their transports (started by
 * {@code serve}), their managed services (started here when the plugin starts, stopped first at shutdown) and their
 * health checks (run by {@code doctor}). Thread-safe for readers; changed by one lifecycle step at a time.
 */
final class RunningPlugins {

    private final List<Transport> transports = new CopyOnWriteArrayList<>();
    private final Map<String, List<HealthCheck>> healthChecks = new ConcurrentHashMap<>();
    private final ManagedServices services = new ManagedServices();

    /** Keeps the plugin's transports and health checks and starts its managed services. */
    void started(String pluginId, PluginContributions registered) {
        services.start(pluginId, registered.services());
        transports.addAll(registered.transports());
        if (!registered.healthChecks().isEmpty()) {
            healthChecks.put(pluginId, registered.healthChecks());
        }
    }

    /** Stops the plugin's managed services and drops its health checks, when it fails or waits for the storage. */
    void withdraw(String pluginId) {
        services.stop(pluginId);
        healthChecks.remove(pluginId);
    }

    /** Stops every managed service, last started first. Idempotent. */
    void stopServices() {
        services.stopAll();
    }

    /** Stops every managed service and forgets every contribution. */
    void clear() {
        stopServices();
        healthChecks.clear();
        transports.clear();
    }

    List<Transport> transports() {
        return List.copyOf(transports);
    }

    SortedMap<String, List<HealthCheck>> healthChecks() {
        return new TreeMap<>(healthChecks);
    }
}
