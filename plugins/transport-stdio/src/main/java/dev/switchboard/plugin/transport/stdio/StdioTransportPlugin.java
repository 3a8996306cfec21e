package dev.switchboard.plugin.transport.stdio;

import org.pf4j.Plugin;

import dev.switchboard.bridge.mcp.McpServerAssembly;

/**
 * The PF4J entry of the stdio transport plugin. The kernel starts the transport itself later; this hook only warms
 * the MCP stack in the background, so that the work overlaps the storage opening and the other plugins' start.
 */
public class StdioTransportPlugin extends Plugin {

    /** Called by PF4J. */
    public StdioTransportPlugin() {
        super();
    }

    @Override
    public void start() {
        McpServerAssembly.warmUpInBackground();
    }
}
