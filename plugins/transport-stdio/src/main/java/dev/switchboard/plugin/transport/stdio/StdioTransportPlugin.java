package dev.switchboard.plugin.transport.stdio;

import org.pf4j.Plugin;

/** The PF4J entry of the stdio transport plugin. It has no lifecycle work: the kernel starts the transport. */
public class StdioTransportPlugin extends Plugin {

    /** Called by PF4J. */
    public StdioTransportPlugin() {
        super();
    }
}
