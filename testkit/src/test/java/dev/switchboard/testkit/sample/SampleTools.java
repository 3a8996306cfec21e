package dev.switchboard.testkit.sample;

import java.util.List;
import java.util.Map;
import java.util.Set;

import jakarta.inject.Inject;

import org.pf4j.Extension;

import dev.switchboard.ports.plugin.PluginContext;
import dev.switchboard.ports.tool.Tool;
import dev.switchboard.ports.tool.ToolAnnotations;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolDescriptor;
import dev.switchboard.ports.tool.ToolProvider;
import dev.switchboard.ports.tool.ToolResult;

/** {@code sample_greet}: greets {@code name} with the plugin's {@code greeting} setting; {@code "boom"} throws. */
@Extension
public final class SampleTools implements ToolProvider {

    private final String greeting;

    /** @param context the plugin's settings */
    @Inject
    public SampleTools(PluginContext context) {
        context.settings().requireKnownKeys(Set.of("greeting"));
        this.greeting = context.settings().text("greeting", "Hello");
    }

    @Override
    public List<Tool> tools() {
        return List.of(new Tool() {
            @Override
            public ToolDescriptor descriptor() {
                return new ToolDescriptor(
                        "sample_greet", "Greet", "Greets someone by name.", """
                        {"type": "object", "properties": {"name": {"type": "string", "minLength": 1}},
                         "required": ["name"], "additionalProperties": false}""", null, ToolAnnotations.NONE);
            }

            @Override
            public ToolResult call(ToolCall call) {
                String name = (String) call.arguments().get("name");
                if (name.equals("boom")) {
                    throw new IllegalStateException("the sample tool was asked to fail");
                }
                return ToolResult.structured(greeting + ", " + name, Map.of("greeted", name));
            }
        });
    }
}
