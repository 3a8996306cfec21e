package dev.switchboard.ports.tool;

import java.util.List;
import java.util.Optional;

import dev.switchboard.ports.call.Principal;

/**
 * The tools the server offers right now: every tool of every started plugin, under its final wire name. Implemented
 * by the kernel, read by transports. Thread-safe.
 */
public interface ToolCatalog {

    /** @return every listed tool, sorted by name */
    List<ToolDescriptor> tools();

    /**
     * @param name a wire name
     * @return the tool of that name, or empty
     */
    Optional<ToolDescriptor> find(String name);

    /**
     * Tools that are not listed because the plugin providing them failed to start. A transport accepts calls to them
     * (without listing them) and passes them to the invoker, which answers a tool error naming the plugin and why it
     * failed, instead of the client seeing an unknown tool.
     *
     * @return their wire names, sorted; none of them is in {@link #tools()}
     */
    default List<String> unavailable() {
        return List.of();
    }

    /**
     * Whether a listed tool is shown to a caller: its {@link Tool#listedFor(Principal)} (ADR 18). Transports filter
     * {@code tools/list} with it for every request; calls are not filtered.
     *
     * @param name   a wire name from {@link #tools()}
     * @param caller who asks for the list
     * @return whether {@code tools/list} shows the tool to {@code caller}; true for a name the catalog does not know
     */
    default boolean listedFor(String name, Principal caller) {
        return true;
    }

    /**
     * Registers a listener called after the catalog's tools changed while the server runs (a plugin that waited for
     * the storage started, so its tools moved from {@link #unavailable()} to {@link #tools()}). Transports that
     * registered the tools somewhere keep that in step. The default never calls it (a catalog that does not change).
     *
     * @param listener called on the thread that changed the catalog; must return soon and not throw
     */
    default void addChangeListener(Runnable listener) {}

    /**
     * Removes a listener registered with {@link #addChangeListener}, when the server it keeps in step closed. The
     * default does nothing.
     *
     * @param listener the listener; nothing happens when it is not registered
     */
    default void removeChangeListener(Runnable listener) {}
}
