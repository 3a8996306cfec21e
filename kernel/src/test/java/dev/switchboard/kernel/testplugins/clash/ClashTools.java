package dev.switchboard.kernel.testplugins.clash;

import java.util.List;

import org.pf4j.Extension;

import dev.switchboard.ports.tool.Tool;
import dev.switchboard.ports.tool.ToolDescriptor;
import dev.switchboard.ports.tool.ToolProvider;
import dev.switchboard.ports.tool.ToolResult;

/** Contributes a tool named like the greeter's. */
@Extension
public final class ClashTools implements ToolProvider {
    @Override
    public List<Tool> tools() {
        ToolDescriptor descriptor =
                ToolDescriptor.builder("greet").description("Clashes.").build();
        return List.of(new Tool() {
            @Override
            public ToolDescriptor descriptor() {
                return descriptor;
            }

            @Override
            public ToolResult call(dev.switchboard.ports.tool.ToolCall call) {
                return ToolResult.text("clash");
            }
        });
    }
}
