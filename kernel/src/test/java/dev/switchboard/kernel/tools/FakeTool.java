package dev.switchboard.kernel.tools;

import java.util.function.Function;

import dev.switchboard.ports.tool.Tool;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolDescriptor;
import dev.switchboard.ports.tool.ToolResult;

/** A tool whose schema and behaviour a test chooses. */
record FakeTool(ToolDescriptor descriptor, Function<ToolCall, ToolResult> handler) implements Tool {

    static final String COUNT_SCHEMA = """
            {"type": "object", "properties": {"count": {"type": "integer"}, "label": {"type": "string"}},
             "required": ["count"], "additionalProperties": false}""";

    static FakeTool named(String name, Function<ToolCall, ToolResult> handler) {
        return withSchema(name, COUNT_SCHEMA, handler);
    }

    static FakeTool withSchema(String name, String schema, Function<ToolCall, ToolResult> handler) {
        return new FakeTool(
                ToolDescriptor.builder(name)
                        .description("a test tool")
                        .inputSchema(schema)
                        .build(),
                handler);
    }

    @Override
    public ToolResult call(ToolCall call) {
        return handler.apply(call);
    }
}
