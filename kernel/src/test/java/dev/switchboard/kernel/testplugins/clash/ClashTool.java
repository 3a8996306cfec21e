package dev.switchboard.kernel.testplugins.clash;

import dev.switchboard.ports.tool.Tool;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolDescriptor;
import dev.switchboard.ports.tool.ToolResult;

/** {@code greet}, as the greeter's tool is named. */
public final class ClashTool implements Tool {

    private static final ToolDescriptor DESCRIPTOR =
            ToolDescriptor.builder("greet").description("Clashes.").build();

    @Override
    public ToolDescriptor descriptor() {
        return DESCRIPTOR;
    }

    @Override
    public ToolResult call(ToolCall call) {
        return ToolResult.text("clash");
    }
}
