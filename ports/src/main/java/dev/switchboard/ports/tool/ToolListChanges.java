package dev.switchboard.ports.tool;

/**
 * Where a plugin says that a tool list it serves changed while the server runs: a tool's {@link
 * Tool#listedFor(dev.switchboard.ports.call.Principal)} answer changed for some caller. Implemented by the kernel,
 * which then calls the catalog's change listeners ({@link ToolCatalog#addChangeListener}); transports compare each
 * client's list again and tell the clients whose list changed ({@code notifications/tools/list_changed}). A plugin
 * gets it injected ({@code @Inject ToolListChanges changes}). Thread-safe.
 */
public interface ToolListChanges {

    /**
     * Reports that the tools listed to some caller changed. Call it after the change is visible to {@link
     * Tool#listedFor}; a report without a change is harmless (clients whose list is the same are not told). Runs the
     * listeners on the calling thread, which they leave soon.
     */
    void changed();
}
