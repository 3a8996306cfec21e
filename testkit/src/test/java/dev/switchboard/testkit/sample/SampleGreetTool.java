package dev.switchboard.testkit.sample;

import java.util.Map;
import java.util.Set;

import jakarta.inject.Inject;

import dev.switchboard.ports.plugin.PluginContext;
import dev.switchboard.ports.tool.Tool;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolDescriptor;
import dev.switchboard.ports.tool.ToolResult;

/**
 * {@code sample_greet}: greets {@code name} with the plugin's {@code greeting} setting; {@code "boom"} throws. Bound in
 * the module's tool set.
 */
public final class SampleGreetTool implements Tool {

    private static final ToolDescriptor DESCRIPTOR = ToolDescriptor.builder("sample_greet")
            .title("Greet")
            .description("Greets someone by name.")
            .inputSchema("""
                    {"type": "object", "properties": {"name": {"type": "string", "minLength": 1}},
                     "required": ["name"], "additionalProperties": false}""")
            .build();

    private final String greeting;

    /** @param context the plugin's settings */
    @Inject
    public SampleGreetTool(PluginContext context) {
        context.settings().requireKnownKeys(Set.of("greeting"));
        this.greeting = context.settings().text("greeting", "Hello");
    }

    @Override
    public ToolDescriptor descriptor() {
        return DESCRIPTOR;
    }

    @Override
    public ToolResult call(ToolCall call) {
        String name = call.args().text("name");
        if (name.equals("boom")) {
            throw new IllegalStateException("the sample tool was asked to fail");
        }
        return ToolResult.structured(greeting + ", " + name, Map.of("greeted", name));
    }
}
