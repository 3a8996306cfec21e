package dev.switchboard.plugin.archfixture.alpha.adapter.in.tool;

import dev.switchboard.plugin.archfixture.alpha.application.AlphaKeepsThings;
import dev.switchboard.ports.tool.Tool;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolDescriptor;
import dev.switchboard.ports.tool.ToolResult;

/** Allowed: a tool named {@code *Tool}, in the tool adapter, that calls its use case. */
final class AlphaKeepTool implements Tool {

    private final AlphaKeepsThings keep;

    AlphaKeepTool(AlphaKeepsThings keep) {
        this.keep = keep;
    }

    @Override
    public ToolDescriptor descriptor() {
        throw new UnsupportedOperationException("fixture");
    }

    @Override
    public ToolResult call(ToolCall call) {
        keep.keep("kept");
        throw new UnsupportedOperationException("fixture");
    }
}
