package dev.switchboard.kernel.testplugins.greeter;

import java.util.List;

import jakarta.inject.Inject;
import jakarta.inject.Named;

import org.pf4j.Extension;

import dev.switchboard.ports.plugin.PluginContext;
import dev.switchboard.ports.tool.Tool;
import dev.switchboard.ports.tool.ToolAnnotations;
import dev.switchboard.ports.tool.ToolDescriptor;
import dev.switchboard.ports.tool.ToolProvider;
import dev.switchboard.ports.tool.ToolResult;

/** Contributes {@code greet}, which answers with the module's greeting and the plugin's configured name. */
@Extension
public final class GreeterTools implements ToolProvider {

    private final String greeting;
    private final PluginContext context;

    @Inject
    public GreeterTools(@Named("greeting") String greeting, PluginContext context) {
        this.greeting = greeting;
        this.context = context;
    }

    @Override
    public List<Tool> tools() {
        ToolDescriptor descriptor = new ToolDescriptor("greet", null, "Greets someone.", """
                {"type": "object", "properties": {"name": {"type": "string"}}, "required": ["name"]}""",
                null, ToolAnnotations.READ_ONLY);
        return List.of(new Tool() {
            @Override
            public ToolDescriptor descriptor() {
                return descriptor;
            }

            @Override
            public ToolResult call(dev.switchboard.ports.tool.ToolCall call) {
                return ToolResult.text(greeting + ", " + call.arguments().get("name") + " from "
                        + context.pluginId() + context.setting("suffix").orElse(""));
            }
        });
    }
}
