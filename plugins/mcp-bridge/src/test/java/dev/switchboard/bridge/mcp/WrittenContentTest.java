package dev.switchboard.bridge.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpSchema;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.util.RawValue;

import dev.switchboard.ports.content.Content;
import dev.switchboard.ports.tool.SerializedJson;
import dev.switchboard.ports.tool.ToolResult;

/**
 * Structured content a tool wrote once travels as its text in both eras, and a client receives the same bytes as when
 * the object is written.
 */
class WrittenContentTest {

    private static final JsonMapper TOOL_JSON = JsonMapper.builder().build();

    private final McpJsonMapper mapper = McpServerAssembly.jsonMapper();

    @Test
    void aResultWrittenOnceIsAnsweredWithTheBytesOfItsObject() throws Exception {
        Map<String, Object> structured = answer();
        ToolResult written = ToolResult.json(TOOL_JSON.writeValueAsString(structured), structured);
        ToolResult asObject = new ToolResult.Success(((ToolResult.Success) written).content(), structured);

        McpSchema.CallToolResult result = ToolResultMapper.toSdk(written);

        assertThat(result.structuredContent()).isInstanceOf(RawValue.class);
        assertThat(mapper.writeValueAsBytes(McpSchema.JSONRPCResponse.result(7, result)))
                .isEqualTo(mapper.writeValueAsBytes(
                        McpSchema.JSONRPCResponse.result(7, ToolResultMapper.toSdk(asObject))));
    }

    @Test
    void theModernEraAnswersTheSameBytesAsForItsObject() throws Exception {
        Map<String, Object> structured = answer();
        ToolResult written = ToolResult.json(TOOL_JSON.writeValueAsString(structured), structured);
        McpJsonMapper plain = McpServerAssembly.plainJsonMapper();
        JsonValues json = new JsonValues(plain);

        Object raw = modernResponse(plain, ModernCallResults.of(ToolResultMapper.toSdk(written), json));
        Object object = modernResponse(
                plain,
                ModernCallResults.of(
                        ToolResultMapper.toSdk(new ToolResult.Success(
                                List.of(Content.text(TOOL_JSON.writeValueAsString(structured))), structured)),
                        json));

        assertThat(plain.writeValueAsString(raw)).isEqualTo(plain.writeValueAsString(object));
        Map<String, Object> parsed = plain.readValue(plain.writeValueAsString(raw), new TypeRef<>() {});
        assertThat(((Map<?, ?>) parsed.get("result")).get("structuredContent")).isEqualTo(structured);
    }

    @Test
    void aTextWithALoneSurrogateIsCarriedAsItsObject() {
        Map<String, Object> structured = Map.of("note", "lone \uD800");
        SerializedJson written = new SerializedJson(TOOL_JSON.writeValueAsString(structured), structured);

        assertThat(WrittenContent.of(written)).isSameAs(written);
        assertThat(WrittenContent.of(Map.of("plain", 1))).isEqualTo(Map.of("plain", 1));
        assertThat(WrittenContent.wellFormed("a pair \uD83D\uDE00 only")).isTrue();
        assertThat(WrittenContent.wellFormed("\uDE00 low first")).isFalse();
        assertThat(WrittenContent.wellFormed("high at the end \uD83D")).isFalse();
    }

    @Test
    void aValidatorReadsTheTextAsItsObject() {
        Map<String, Object> structured = answer();

        Object readable = WrittenContent.readable(
                WrittenContent.of(new SerializedJson(TOOL_JSON.writeValueAsString(structured), structured)));

        assertThat(readable).isEqualTo(structured);
        assertThat(new RememberingSchemaValidator(McpServerAssembly.schemaValidator())
                        .validate(
                                Map.of(
                                        "type", "object",
                                        "required", List.of("result"),
                                        "properties", Map.of("result", Map.of("type", "array"))),
                                new RawValue(TOOL_JSON.writeValueAsString(structured)))
                        .valid())
                .isTrue();
    }

    /** The modern server's own step: the result converted into a map, then written in its response. */
    private static Object modernResponse(McpJsonMapper plain, Object result) {
        return Map.of(
                "jsonrpc", "2.0", "id", 7, "result", plain.convertValue(result, new TypeRef<Map<String, Object>>() {}));
    }

    private static Map<String, Object> answer() {
        Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("id", 12);
        entry.put("topic", "quotes \" and \\ and Ротация 😀");
        entry.put("read_at", null);
        entry.put("to", List.of("a", "b"));
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("result", List.of(entry));
        answer.put("untrusted", "peers' text");
        return answer;
    }
}
