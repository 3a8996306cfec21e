package dev.switchboard.kernel.plugin;

import java.util.List;

import dev.switchboard.ports.health.HealthCheck;
import dev.switchboard.ports.plugin.ManagedService;
import dev.switchboard.ports.transport.Transport;

/**
 * What a plugin contributed beyond the catalogs, as {@link PluginAssembler#contribute} resolved it: the wire names of
 * its registered tools, and the extensions the caller runs itself. Immutable.
 *
 * @param toolNames    the final wire names of its tools, in contribution order
 * @param transports   its transports, started later by the kernel's {@code serve}
 * @param services     its managed services, not yet started
 * @param healthChecks its health checks, run by {@code doctor}
 */
public record PluginContributions(
        List<String> toolNames,
        List<Transport> transports,
        List<ManagedService> services,
        List<HealthCheck> healthChecks) {

    /** Copies the lists. */
    public PluginContributions {
        toolNames = List.copyOf(toolNames);
        transports = List.copyOf(transports);
        services = List.copyOf(services);
        healthChecks = List.copyOf(healthChecks);
    }
}
