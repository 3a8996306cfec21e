package dev.switchboard.kernel.plugin;

/** What became of a plugin found in the plugins directory. */
public enum PluginState {
    /** Started; its contributions are listed. */
    STARTED,
    /** Disabled by the operator ({@code switchboard plugins disable}); not loaded. */
    DISABLED,
    /** Failed to load, resolve or start; its contributions are not listed. */
    FAILED,
    /** Stopped at shutdown. */
    STOPPED
}
