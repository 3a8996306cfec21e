package dev.switchboard.kernel.testplugins.greeter;

import jakarta.inject.Inject;
import jakarta.inject.Named;

import dev.switchboard.ports.plugin.PluginContext;
import dev.switchboard.ports.tool.Tool;
import dev.switchboard.ports.tool.ToolAnnotations;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolDescriptor;
import dev.switchboard.ports.tool.ToolResult;

/** {@code greet}: answers with the module's greeting and the plugin's configured name. Bound in the tool set. */
public final class GreetTool implements Tool {

    private static final ToolDescriptor DESCRIPTOR = ToolDescriptor.builder("greet")
            .description("Greets someone.")
            .inputSchema("""
                    {"type": "object", "properties": {"name": {"type": "string"}}, "required": ["name"]}""")
            .annotations(ToolAnnotations.readOnly())
            .build();

    private final String greeting;
    private final PluginContext context;

    @Inject
    GreetTool(@Named("greeting") String greeting, PluginContext context) {
        this.greeting = greeting;
        this.context = context;
    }

    @Override
    public ToolDescriptor descriptor() {
        return DESCRIPTOR;
    }

    @Override
    public ToolResult call(ToolCall call) {
        return ToolResult.text(greeting + ", " + call.args().text("name") + " from " + context.pluginId()
                + context.setting("suffix").orElse(""));
    }
}
