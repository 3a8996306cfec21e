package dev.switchboard.plugin.handoff;

import org.pf4j.Plugin;

/**
 * PF4J entry of the {@code handoff} plugin. It has no lifecycle work: the kernel builds the plugin's extensions (tools,
 * resources, migrations) through {@link HandoffModule} and applies the migrations before the tools are listed.
 */
public final class HandoffPlugin extends Plugin {

    /** Called by PF4J. */
    public HandoffPlugin() {
        super();
    }
}
