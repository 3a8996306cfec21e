package dev.switchboard.ports.plugin;

import org.pf4j.ExtensionPoint;

/**
 * Extension point for a plugin's long-lived work that must start after its storage is ready and stop before the
 * server's transports drain: background maintenance, in-flight commands to abort, caches to flush.
 *
 * <p>Order: {@link #start()} runs once, after the plugin's migrations are applied and its tools registered (storage
 * is open). {@link #stop()} runs once, when the server begins an orderly shutdown (SIGTERM, SIGINT, end of stdin), in
 * reverse plugin start order, <em>before</em> transports stop accepting and drain their running calls, and while the
 * storage is still open, so work aborted here can still record its outcome. A service whose {@code start()} threw is
 * not stopped. Exceptions from either method are logged; one from {@code start()} marks the plugin failed.
 *
 * <p>Both methods are called from the kernel's boot or shutdown thread, never concurrently with each other.
 * Implementations must make {@link #stop()} return within a few seconds (the shutdown has a deadline).
 */
public interface ManagedService extends ExtensionPoint {

    /** Starts the service. The default does nothing. */
    default void start() {}

    /** Stops the service: abort or finish long-running work, release what it holds. Idempotent. */
    void stop();
}
