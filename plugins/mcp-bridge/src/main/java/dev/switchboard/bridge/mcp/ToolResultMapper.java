package dev.switchboard.bridge.mcp;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.modelcontextprotocol.spec.McpSchema;

import dev.switchboard.ports.tool.ErrorCode;
import dev.switchboard.ports.tool.ToolResult;

/**
 * Maps a {@link ToolResult} to the SDK's {@link McpSchema.CallToolResult}. A failure becomes a tool result with
 * {@code isError: true}, one text block {@code "<CODE>: <message>"} and {@code structuredContent}
 * {@code {code, message, details, output}} (MCP 2025-11-25, tool execution errors), where {@code output} repeats the
 * text block so that clients reading only structured results still see the error (the rule of rig-bridge's results,
 * applied to every tool). Structured content a tool wrote once travels as its text ({@link WrittenContent}). Stateless.
 */
final class ToolResultMapper {

    private ToolResultMapper() {}

    static McpSchema.CallToolResult toSdk(ToolResult result) {
        return switch (result) {
            case ToolResult.Success success -> success(success);
            case ToolResult.Failure failure -> failure(failure);
        };
    }

    /**
     * @param correlationId the id under which the defect was logged
     * @return the answer for a defect: INTERNAL_ERROR naming the correlation id, never a stack trace
     */
    static McpSchema.CallToolResult internalError(String correlationId) {
        return failure(new ToolResult.Failure(
                ErrorCode.INTERNAL_ERROR,
                "the server failed unexpectedly; quote correlation id " + correlationId + " when reporting it",
                Map.of("correlationId", correlationId)));
    }

    private static McpSchema.CallToolResult success(ToolResult.Success success) {
        McpSchema.CallToolResult.Builder builder = McpSchema.CallToolResult.builder()
                .content(ContentMapper.toSdk(success.content()))
                .isError(false);
        if (success.structuredContent() != null) {
            builder.structuredContent(WrittenContent.of(success.structuredContent()));
        }
        return builder.build();
    }

    private static McpSchema.CallToolResult failure(ToolResult.Failure failure) {
        String code = failure.code().value();
        String text = code + ": " + failure.message();
        Map<String, Object> structured = new LinkedHashMap<>();
        structured.put("code", code);
        structured.put("message", failure.message());
        structured.put("details", failure.details());
        structured.put("output", text);
        return McpSchema.CallToolResult.builder()
                .content(List.of(new McpSchema.TextContent(null, text, null)))
                .isError(true)
                .structuredContent(structured)
                .build();
    }
}
