package dev.switchboard.plugin.mailbox.search.bench;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.util.RawValue;

import dev.switchboard.ports.content.Content;
import dev.switchboard.ports.tool.SerializedJson;
import dev.switchboard.ports.tool.ToolResult;

/**
 * Writes a tool's answer as the JSON-RPC response a transport sends ({@code result: {content: [{type, text}],
 * structuredContent}}), so a benchmark times the answer's JSON as a client receives it, not only the tool: structured
 * content a tool wrote once ({@link SerializedJson}) is copied as its text, as the MCP bridge's transports copy it
 * (ADR 68). Thread-safe.
 */
final class Answers {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private Answers() {}

    /** @return the response's bytes (UTF-8) */
    static byte[] written(ToolResult result) {
        if (!(result instanceof ToolResult.Success success)) {
            throw new IllegalStateException("the tool refused: " + result);
        }
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put(
                "content",
                success.content().stream()
                        .map(content -> Map.of("type", "text", "text", ((Content.Text) content).text()))
                        .toList());
        if (success.structuredContent() instanceof SerializedJson written) {
            answer.put("structuredContent", new RawValue(written.json()));
        } else if (success.structuredContent() != null) {
            answer.put("structuredContent", success.structuredContent());
        }
        return JSON.writeValueAsBytes(Map.of("jsonrpc", "2.0", "id", 1, "result", answer));
    }

    /** @return the JSON-RPC response of a listing {@code {result: rows}} that a server writes with no tool around it */
    static byte[] listing(List<Map<String, Object>> rows) {
        String text = JSON.writeValueAsString(Map.of("result", rows));
        return JSON.writeValueAsBytes(Map.of(
                "jsonrpc", "2.0", "id", 1, "result", Map.of("content", List.of(Map.of("type", "text", "text", text)))));
    }
}
