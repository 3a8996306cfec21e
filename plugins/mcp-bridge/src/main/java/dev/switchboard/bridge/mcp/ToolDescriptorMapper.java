package dev.switchboard.bridge.mcp;

import io.modelcontextprotocol.spec.McpSchema;

import dev.switchboard.ports.tool.ToolAnnotations;
import dev.switchboard.ports.tool.ToolDescriptor;

/** Maps a {@link ToolDescriptor} to the SDK's {@link McpSchema.Tool}. Thread-safe. */
final class ToolDescriptorMapper {

    private final JsonValues json;

    ToolDescriptorMapper(JsonValues json) {
        this.json = json;
    }

    /** @throws IllegalArgumentException if a schema is not a JSON object */
    McpSchema.Tool toSdk(ToolDescriptor descriptor) {
        String name = descriptor.name();
        McpSchema.Tool.Builder tool = McpSchema.Tool.builder(
                        name, json.parseObject(descriptor.inputSchema(), "input schema of tool '" + name + "'"))
                .title(descriptor.title())
                .description(descriptor.description())
                .annotations(toSdk(descriptor.annotations()));
        if (descriptor.outputSchema() != null) {
            tool.outputSchema(json.parseObject(descriptor.outputSchema(), "output schema of tool '" + name + "'"));
        }
        return tool.build();
    }

    /** @return the SDK annotations, or null when no hint is stated (so none are sent) */
    static McpSchema.ToolAnnotations toSdk(ToolAnnotations hints) {
        if (hints.readOnlyHint() == null
                && hints.destructiveHint() == null
                && hints.idempotentHint() == null
                && hints.openWorldHint() == null) {
            return null;
        }
        return new McpSchema.ToolAnnotations(
                null,
                hints.readOnlyHint(),
                hints.destructiveHint(),
                hints.idempotentHint(),
                hints.openWorldHint(),
                null);
    }
}
