package dev.switchboard.kernel.testplugins.broken;

import java.util.List;

import org.pf4j.Extension;

import dev.switchboard.ports.tool.Tool;
import dev.switchboard.ports.tool.ToolProvider;

/** Would contribute tools, but its plugin never starts. */
@Extension
public final class BrokenTools implements ToolProvider {
    @Override
    public List<Tool> tools() {
        throw new AssertionError("a failed plugin's extensions must not be asked for tools");
    }
}
