package dev.switchboard.ports.tool;

import java.util.List;

import org.pf4j.ExtensionPoint;

/**
 * Extension point through which a plugin contributes tools. The kernel asks each provider once, when its plugin
 * starts, and registers every tool in the catalog; a tool name that another plugin already uses fails start-up.
 */
public interface ToolProvider extends ExtensionPoint {

    /**
     * The plugin's tools. MUST return the same tools on every call; MUST NOT do I/O.
     *
     * @return the tools, each with a name unique within the plugin
     */
    List<Tool> tools();
}
