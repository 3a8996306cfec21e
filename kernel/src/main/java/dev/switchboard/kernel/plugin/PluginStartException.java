package dev.switchboard.kernel.plugin;

/**
 * A plugin could not be started; the plugin is marked failed and the other plugins start (then {@code serve} serves
 * without it, and {@code serve --strict} stops).
 */
public class PluginStartException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private boolean lifecycle;

    /** @param message why, naming the plugin */
    public PluginStartException(String message) {
        super(message);
    }

    /**
     * @param message why, naming the plugin
     * @param cause   the underlying failure
     */
    public PluginStartException(String message, Throwable cause) {
        super(message, cause);
    }

    /**
     * @param pluginId the plugin whose {@code Plugin.start()} failed
     * @param cause    what PF4J recorded, or null
     * @return an exception that only wraps {@code cause}
     */
    static PluginStartException lifecycleFailed(String pluginId, Throwable cause) {
        PluginStartException e = new PluginStartException(
                "plugin '" + pluginId + "' did not start" + (cause == null ? "" : ": " + cause), cause);
        e.lifecycle = true;
        return e;
    }

    /** @return whether this only wraps the failure of the plugin's own start hook */
    boolean wrapsLifecycleFailure() {
        return lifecycle;
    }
}
