package dev.switchboard.bridge.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpSchema;

import dev.switchboard.ports.content.Content;
import dev.switchboard.ports.tool.ToolResult;

/** Pins the encoding contract transports rely on: the mapper's bytes are valid UTF-8 even for broken UTF-16. */
class WireEncodingTest {

    @Test
    void writesLoneSurrogateAsEscapeAndEmojiAsUtf8() throws Exception {
        McpJsonMapper mapper = McpServerAssembly.jsonMapper();
        McpSchema.CallToolResult result = ToolResultMapper.toSdk(new ToolResult.Success(
                List.of(new Content.Text("lone \uD800 and \uD83D\uDE00")), Map.of("note", "\uDC00")));

        byte[] bytes = mapper.writeValueAsBytes(McpSchema.JSONRPCResponse.result(1, result));

        String text = strictUtf8(bytes);
        assertThat(text).contains("\\uD800").contains("\uD83D\uDE00").doesNotContain("\n");
        Map<String, Object> parsed = mapper.readValue(bytes, new TypeRef<Map<String, Object>>() {});
        assertThat(parsed).containsKey("result");
    }

    @Test
    void writesToAStreamTheSameBytesAsTheMapperAndLeavesItOpen() throws Exception {
        McpSchema.CallToolResult result = ToolResultMapper.toSdk(new ToolResult.Success(
                List.of(new Content.Text("lone \uD800 and \uD83D\uDE00")), Map.of("note", "\uDC00")));
        Object message = McpSchema.JSONRPCResponse.result(1, result);
        ByteArrayOutputStream out = new ByteArrayOutputStream() {
            @Override
            public void close() {
                throw new AssertionError("the stream was closed");
            }
        };

        McpServerAssembly.writeJson(out, message);
        McpServerAssembly.writeJson(out, Map.of("k", "v"));

        byte[] expected = McpServerAssembly.jsonMapper().writeValueAsBytes(message);
        assertThat(Arrays.copyOf(out.toByteArray(), expected.length)).isEqualTo(expected);
        assertThat(new String(out.toByteArray(), StandardCharsets.UTF_8)).endsWith("{\"k\":\"v\"}");
    }

    private static String strictUtf8(byte[] bytes) throws CharacterCodingException {
        return StandardCharsets.UTF_8
                .newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT)
                .decode(ByteBuffer.wrap(bytes))
                .toString();
    }
}
