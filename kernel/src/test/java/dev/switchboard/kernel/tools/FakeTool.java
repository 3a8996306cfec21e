package dev.switchboard.kernel.tools;

import java.util.function.Function;

import dev.switchboard.ports.tool.Tool;
import dev.switchboard.ports.tool.ToolAnnotations;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolDescriptor;
import dev.switchboard.ports.tool.ToolResult;

/** A tool whose schema and behaviour a test chooses. */
record FakeTool(ToolDescriptor descriptor, Function<ToolCall, ToolResult> handler) implements Tool {

    static final String COUNT_SCHEMA = """
            {"type": "object", "properties": {"count": {"type": "integer"}, "label": {"type": "string"}},
             "required": ["count"], "additionalProperties": false}""";

    static FakeTool named(String name, Function<ToolCall, ToolResult> handler) {
        return new FakeTool(new ToolDescriptor(name, null, "a test tool", COUNT_SCHEMA, null, ToolAnnotations.NONE),
                handler);
    }

    @Override
    public ToolResult call(ToolCall call) {
        return handler.apply(call);
    }
}
