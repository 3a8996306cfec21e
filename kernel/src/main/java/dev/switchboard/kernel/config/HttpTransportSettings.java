package dev.switchboard.kernel.config;

/**
 * The few facts about the HTTP transport plugin the kernel itself needs: its transport and plugin ids, and the
 * {@code host}/{@code port} keys of its subtree that {@code serve --http --host H --port P} overrides and the
 * start-up check reads. The plugin reads the rest of its subtree (limits, allowlists) itself. Stateless.
 */
public final class HttpTransportSettings {

    /** The transport id that {@code serve --http} starts. */
    public static final String TRANSPORT_ID = "http";
    /** The plugin whose subtree ({@code plugins.transport-http}) holds the HTTP settings. */
    public static final String PLUGIN_ID = "transport-http";
    /** The key of the address to bind. */
    public static final String HOST = "host";
    /** The key of the port to bind. */
    public static final String PORT = "port";
    /** The address bound when none is configured: loopback only. */
    public static final String DEFAULT_HOST = "127.0.0.1";

    private HttpTransportSettings() {}

    /**
     * @param config the configuration (after command-line overrides)
     * @return the address the HTTP transport will bind, {@link #DEFAULT_HOST} when not configured
     */
    public static String host(SwitchboardConfig config) {
        Object host = config.pluginConfig(PLUGIN_ID).get(HOST);
        return host == null || String.valueOf(host).isBlank()
                ? DEFAULT_HOST
                : String.valueOf(host).trim();
    }

    /**
     * @param config the configuration (after command-line overrides)
     * @return whether {@code serve} will start the HTTP transport
     */
    public static boolean requested(SwitchboardConfig config) {
        return config.kernel().transports().contains(TRANSPORT_ID);
    }
}
