package com.example.hello.adapter.in.tool;

import java.util.Map;

import com.example.hello.domain.Greeting;

import dev.switchboard.ports.tool.Arguments;
import dev.switchboard.ports.tool.Tool;
import dev.switchboard.ports.tool.ToolAnnotations;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolDescriptor;
import dev.switchboard.ports.tool.ToolResult;

/** {@code hello_greet}: greets a name. Read-only; the kernel validates the arguments against the schema first. */
public final class GreetTool implements Tool {

    private static final String SCHEMA = """
            {"type": "object",
             "properties": {
               "name": {"type": "string", "minLength": 1, "maxLength": 100, "description": "Who to greet."},
               "shout": {"type": "boolean", "description": "Greet in capitals (default false)."}},
             "required": ["name"], "additionalProperties": false}""";

    private static final ToolDescriptor DESCRIPTOR = ToolDescriptor.builder("hello_greet")
            .title("Greet someone")
            .description("Greets a name, as a sample of a third-party plugin. Returns the greeting as text and as"
                    + " structured content {greeting}.")
            .inputSchema(SCHEMA)
            .annotations(ToolAnnotations.readOnly())
            .build();

    @Override
    public ToolDescriptor descriptor() {
        return DESCRIPTOR;
    }

    @Override
    public ToolResult call(ToolCall call) {
        Arguments args = call.args();
        String greeting = Greeting.of(args.text("name"), args.flag("shout", false));
        return ToolResult.structured(greeting, Map.of("greeting", greeting));
    }
}
