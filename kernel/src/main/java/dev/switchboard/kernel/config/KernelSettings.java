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
 * @param auth         authentication of network callers; {@code kernel.auth}
 * @param attach       whether {@code serve} over stdio attaches to the shared server of this state directory
 *                     ({@code kernel.attach}, default true); false serves in-process as {@code serve --no-attach}
 */
public record KernelSettings(
        Path stateDir,
        Path pluginsDir,
        String storage,
        List<String> transports,
        Map<String, String> toolPrefixes,
        AuthSettings auth,
        boolean attach) {

    /** @throws NullPointerException if a component is null */
    public KernelSettings {
        Objects.requireNonNull(stateDir, "stateDir");
        Objects.requireNonNull(pluginsDir, "pluginsDir");
        Objects.requireNonNull(storage, "storage");
        transports = List.copyOf(transports);
        toolPrefixes = Map.copyOf(toolPrefixes);
        Objects.requireNonNull(auth, "auth");
    }

    /**
     * Settings that attach ({@code kernel.attach: true}, the default).
     *
     * @param stateDir     the state directory
     * @param pluginsDir   the plugins directory
     * @param storage      the storage backend
     * @param transports   the transports {@code serve} starts
     * @param toolPrefixes tool-name prefixes per plugin id
     * @param auth         authentication of network callers
     */
    public KernelSettings(
            Path stateDir,
            Path pluginsDir,
            String storage,
            List<String> transports,
            Map<String, String> toolPrefixes,
            AuthSettings auth) {
        this(stateDir, pluginsDir, storage, transports, toolPrefixes, auth, true);
    }

    /**
     * Settings with the default authentication ({@link AuthSettings#defaults(Path)} under {@code stateDir}).
     *
     * @param stateDir     the state directory
     * @param pluginsDir   the plugins directory
     * @param storage      the storage backend
     * @param transports   the transports {@code serve} starts
     * @param toolPrefixes tool-name prefixes per plugin id
     */
    public KernelSettings(
            Path stateDir, Path pluginsDir, String storage, List<String> transports, Map<String, String> toolPrefixes) {
        this(stateDir, pluginsDir, storage, transports, toolPrefixes, AuthSettings.defaults(stateDir), true);
    }

    /**
     * @param newTransports the transports to start instead
     * @return these settings with other transports
     */
    public KernelSettings withTransports(List<String> newTransports) {
        return new KernelSettings(stateDir, pluginsDir, storage, newTransports, toolPrefixes, auth, attach);
    }

    /**
     * @param newStateDir the state directory to use instead; the authentication settings are kept as they are
     * @return these settings with another state directory
     */
    public KernelSettings withStateDir(Path newStateDir) {
        return new KernelSettings(newStateDir, pluginsDir, storage, transports, toolPrefixes, auth, attach);
    }

    /**
     * @param newAuth the authentication settings to use instead
     * @return these settings with other authentication settings
     */
    public KernelSettings withAuth(AuthSettings newAuth) {
        return new KernelSettings(stateDir, pluginsDir, storage, transports, toolPrefixes, newAuth, attach);
    }
}
