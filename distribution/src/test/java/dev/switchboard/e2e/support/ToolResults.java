package dev.switchboard.e2e.support;

import java.util.Map;
import java.util.stream.Collectors;

import io.modelcontextprotocol.spec.McpSchema;

/** Reads the parts of an SDK {@link McpSchema.CallToolResult} the end-to-end tests look at. Stateless. */
public final class ToolResults {

    private ToolResults() {}

    /** @return the result's text blocks, joined with newlines (images and other blocks left out) */
    public static String text(McpSchema.CallToolResult result) {
        return result.content().stream()
                .filter(McpSchema.TextContent.class::isInstance)
                .map(block -> ((McpSchema.TextContent) block).text())
                .collect(Collectors.joining("\n"));
    }

    /** @return the result's {@code structuredContent} as a map (an empty map when absent) */
    @SuppressWarnings("unchecked")
    public static Map<String, Object> structured(McpSchema.CallToolResult result) {
        return result.structuredContent() == null ? Map.of() : (Map<String, Object>) result.structuredContent();
    }

    /** @return a nested JSON object as a map (an empty map for null) */
    @SuppressWarnings("unchecked")
    public static Map<String, Object> map(Object value) {
        return value == null ? Map.of() : (Map<String, Object>) value;
    }

    /** @return the {@code details} object of an error result's structured content */
    public static Map<String, Object> details(McpSchema.CallToolResult result) {
        return map(structured(result).get("details"));
    }
}
