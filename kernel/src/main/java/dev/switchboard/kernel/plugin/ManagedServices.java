package dev.switchboard.kernel.plugin;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.switchboard.ports.plugin.ManagedService;

/**
 * The started {@link ManagedService}s of every plugin, in start order, so that shutdown can stop them in reverse
 * before the transports drain; used by {@link PluginHost} and by test beds. Not thread-safe: used by one boot thread and
 * one shutdown thread, one at a time.
 */
public final class ManagedServices {

    private static final Logger LOG = LoggerFactory.getLogger(ManagedServices.class);

    private final Map<String, List<ManagedService>> started = new LinkedHashMap<>();

    /**
     * Starts the plugin's services in order; if one throws, those already started are stopped and the exception
     * propagates (the plugin is then marked failed).
     *
     * @param pluginId the plugin's id
     * @param services its services, in start order
     */
    public void start(String pluginId, List<ManagedService> services) {
        List<ManagedService> running = new ArrayList<>();
        try {
            for (ManagedService service : services) {
                service.start();
                running.add(service);
            }
        } catch (RuntimeException e) {
            stopAll(pluginId, running);
            throw e;
        }
        if (!running.isEmpty()) {
            started.put(pluginId, running);
        }
    }

    /**
     * Stops one plugin's services (when it fails after they started), last started first; one that throws is logged
     * and the others still stop.
     *
     * @param pluginId the plugin's id
     */
    public void stop(String pluginId) {
        List<ManagedService> services = started.remove(pluginId);
        if (services != null) {
            stopAll(pluginId, services);
        }
    }

    /** Stops every started service, last started first. Idempotent. */
    public void stopAll() {
        List<String> ids = new ArrayList<>(started.keySet());
        Collections.reverse(ids);
        ids.forEach(this::stop);
    }

    private static void stopAll(String pluginId, List<ManagedService> services) {
        List<ManagedService> reversed = new ArrayList<>(services);
        Collections.reverse(reversed);
        for (ManagedService service : reversed) {
            try {
                service.stop();
            } catch (RuntimeException e) {
                LOG.warn("a service of plugin {} did not stop cleanly", pluginId, e);
            }
        }
    }
}
