package dev.switchboard.bridge.mcp;

import java.util.ArrayList;
import java.util.List;

import io.modelcontextprotocol.modern.McpSchema;

/**
 * A legacy-era tool result ({@link ToolResultMapper}) as the modern era's record, without a round trip through JSON
 * for what needs none: the structured content (a JSON value of JDK types, usually the bulk of a result) is carried
 * over as it is, and plain text blocks are built directly; any other block (an image, audio, an embedded resource, a
 * text with annotations) goes across as JSON ({@link JsonValues#across}), whose shape the two eras share. The JSON
 * written is the same as a whole-result conversion's: both records are written by the same mapper. Stateless.
 */
final class ModernCallResults {

    private ModernCallResults() {}

    /**
     * @param result a legacy-era result
     * @param json   converts the blocks that are not plain text
     * @return the same result in the modern era's record ({@code resultType} {@code complete})
     * @throws IllegalArgumentException if a block does not fit the modern era's content
     */
    static McpSchema.CallToolResult of(io.modelcontextprotocol.spec.McpSchema.CallToolResult result, JsonValues json) {
        List<McpSchema.Content> content = new ArrayList<>();
        if (result.content() != null) {
            for (io.modelcontextprotocol.spec.McpSchema.Content block : result.content()) {
                content.add(block(block, json));
            }
        }
        return new McpSchema.CallToolResult(
                List.copyOf(content), result.structuredContent(), result.isError(), null, result.meta());
    }

    private static McpSchema.Content block(io.modelcontextprotocol.spec.McpSchema.Content block, JsonValues json) {
        if (block instanceof io.modelcontextprotocol.spec.McpSchema.TextContent text && text.annotations() == null) {
            return new McpSchema.TextContent(null, text.text(), text.meta());
        }
        return json.across(block, McpSchema.Content.class);
    }
}
