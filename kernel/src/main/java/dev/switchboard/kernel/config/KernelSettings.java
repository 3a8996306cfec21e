package dev.switchboard.kernel.config;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The {@code kernel.*} subtree of the configuration. Immutable.
 *
 * @param stateDir     where state lives (owner token, default database); {@code kernel.state-dir}, default
 *                     {@code ~/.switchboard}
 * @param pluginsDir   where plugin zips are found and expanded; {@code kernel.plugins-dir}, default
 *                     {@code <home>/plugins}
 * @param storage      which storage backend to open; {@code kernel.storage}, default {@code sqlite}
 * @param transports   which transports {@code serve} starts; {@code kernel.transports}, default {@code [stdio]}
 * @param toolPrefixes a name prefix per plugin id, prepended to each of its tool names; {@code kernel.tool-prefixes}
 */
public record KernelSettings(Path stateDir, Path pluginsDir, String storage, List<String> transports,
                             Map<String, String> toolPrefixes) {

    /** @throws NullPointerException if a component is null */
    public KernelSettings {
        Objects.requireNonNull(stateDir, "stateDir");
        Objects.requireNonNull(pluginsDir, "pluginsDir");
        Objects.requireNonNull(storage, "storage");
        transports = List.copyOf(transports);
        toolPrefixes = Map.copyOf(toolPrefixes);
    }

    /**
     * @param newTransports the transports to start instead
     * @return these settings with other transports
     */
    public KernelSettings withTransports(List<String> newTransports) {
        return new KernelSettings(stateDir, pluginsDir, storage, newTransports, toolPrefixes);
    }
}
