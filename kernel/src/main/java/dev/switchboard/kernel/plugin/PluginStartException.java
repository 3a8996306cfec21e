package dev.switchboard.kernel.plugin;

/** A plugin could not be started; the plugin is marked failed and the server goes on. */
public class PluginStartException extends RuntimeException {

    private static final long serialVersionUID = 1L;

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
}
