package dev.switchboard.plugin.archfixture.alpha;

import dev.switchboard.ports.tool.Tool;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolDescriptor;
import dev.switchboard.ports.tool.ToolResult;

/** Violates AR16: a tool not named {@code *Tool} and not in {@code adapter.in.tool}. */
final class AlphaReadHandler implements Tool {

    @Override
    public ToolDescriptor descriptor() {
        throw new UnsupportedOperationException("fixture");
    }

    @Override
    public ToolResult call(ToolCall call) {
        throw new UnsupportedOperationException("fixture");
    }
}
