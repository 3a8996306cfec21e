package dev.switchboard.ports.tool;

import java.util.List;

import org.pf4j.ExtensionPoint;

/**
 * Extension point through which a plugin may contribute tools as a list. The preferred way is the plugin module's
 * tool set, one line per tool: {@code Multibinder.newSetBinder(binder(), Tool.class).addBinding().to(MyTool.class)};
 * the kernel registers that set and the tools of every provider together. It asks each provider once, when its
 * plugin starts; a tool name that another plugin already uses fails start-up.
 */
public interface ToolProvider extends ExtensionPoint {

    /**
     * The plugin's tools. MUST return the same tools on every call; MUST NOT do I/O.
     *
     * @return the tools, each with a name unique within the plugin
     */
    List<Tool> tools();
}
