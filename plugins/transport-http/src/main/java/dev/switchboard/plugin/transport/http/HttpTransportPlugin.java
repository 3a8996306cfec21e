package dev.switchboard.plugin.transport.http;

import org.pf4j.Plugin;

import dev.switchboard.bridge.mcp.McpServerAssembly;

/**
 * The PF4J entry of the HTTP transport plugin. The kernel starts the transport itself later; this hook only warms
 * the MCP stack in the background, so that the work overlaps the storage opening and the other plugins' start.
 */
public class HttpTransportPlugin extends Plugin {

    /** Called by PF4J. */
    public HttpTransportPlugin() {
        super();
    }

    @Override
    public void start() {
        McpServerAssembly.warmUpInBackground();
    }
}
