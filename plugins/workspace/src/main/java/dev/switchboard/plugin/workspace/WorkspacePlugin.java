package dev.switchboard.plugin.workspace;

import org.pf4j.Plugin;

/**
 * PF4J entry of the {@code workspace} plugin. It has no lifecycle work of its own: the kernel builds the plugin's
 * extensions (tools, migrations, the managed service that prunes receipts and closes workspaces at shutdown, the
 * doctor's health check) through {@link WorkspaceModule} and applies the migrations before the tools are listed.
 */
public final class WorkspacePlugin extends Plugin {

    /** Called by PF4J. */
    public WorkspacePlugin() {
        super();
    }
}
