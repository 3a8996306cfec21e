package dev.switchboard.kernel.testplugins.broken;

import dev.switchboard.ports.tool.Tool;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolDescriptor;
import dev.switchboard.ports.tool.ToolResult;

/** {@code broken_tool}: bound by a plugin whose start throws, so a call to it must be answered with that failure. */
public final class BrokenTool implements Tool {

    /** The tool's name. */
    public static final String NAME = "broken_tool";

    private static final ToolDescriptor DESCRIPTOR =
            ToolDescriptor.builder(NAME).description("Never served.").build();

    @Override
    public ToolDescriptor descriptor() {
        return DESCRIPTOR;
    }

    @Override
    public ToolResult call(ToolCall call) {
        throw new AssertionError("a tool of a plugin that failed to start must never run");
    }
}
