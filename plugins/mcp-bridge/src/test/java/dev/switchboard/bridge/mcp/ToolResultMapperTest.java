package dev.switchboard.bridge.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.modelcontextprotocol.spec.McpSchema;

import dev.switchboard.ports.content.Content;
import dev.switchboard.ports.content.ResourceContents;
import dev.switchboard.ports.tool.ErrorCode;
import dev.switchboard.ports.tool.ToolResult;

class ToolResultMapperTest {

    @Test
    void mapsTextBlockAndStructuredContent() {
        McpSchema.CallToolResult result =
                ToolResultMapper.toSdk(ToolResult.structured("two items", Map.of("count", 2)));

        assertThat(result.isError()).isFalse();
        assertThat(result.content())
                .singleElement()
                .isInstanceOfSatisfying(
                        McpSchema.TextContent.class,
                        text -> assertThat(text.text()).isEqualTo("two items"));
        assertThat(result.structuredContent()).isEqualTo(Map.of("count", 2));
    }

    @Test
    void mapsImageAndAudioBlocksWithTheirMimeTypes() {
        McpSchema.CallToolResult result = ToolResultMapper.toSdk(new ToolResult.Success(
                List.of(new Content.Image("iVBORw0KGgo=", "image/png"), new Content.Audio("UklGRg==", "audio/wav")),
                null));

        assertThat(result.content()).hasSize(2);
        assertThat(result.content().get(0)).isInstanceOfSatisfying(McpSchema.ImageContent.class, image -> {
            assertThat(image.data()).isEqualTo("iVBORw0KGgo=");
            assertThat(image.mimeType()).isEqualTo("image/png");
        });
        assertThat(result.content().get(1)).isInstanceOfSatisfying(McpSchema.AudioContent.class, audio -> {
            assertThat(audio.data()).isEqualTo("UklGRg==");
            assertThat(audio.mimeType()).isEqualTo("audio/wav");
        });
        assertThat(result.structuredContent()).isNull();
    }

    @Test
    void mapsEmbeddedTextAndBlobResources() {
        McpSchema.CallToolResult result = ToolResultMapper.toSdk(new ToolResult.Success(
                List.of(
                        new Content.Resource(new ResourceContents.TextContents("test://a", "text/plain", "hello")),
                        new Content.Resource(new ResourceContents.BlobContents("test://b", "image/png", "AAEC"))),
                null));

        assertThat(result.content().get(0))
                .isInstanceOfSatisfying(
                        McpSchema.EmbeddedResource.class,
                        embedded -> assertThat(embedded.resource())
                                .isEqualTo(
                                        new McpSchema.TextResourceContents("test://a", "text/plain", "hello", null)));
        assertThat(result.content().get(1))
                .isInstanceOfSatisfying(
                        McpSchema.EmbeddedResource.class,
                        embedded -> assertThat(embedded.resource())
                                .isEqualTo(new McpSchema.BlobResourceContents("test://b", "image/png", "AAEC", null)));
    }

    @Test
    void mapsFailureToErrorResultWithCodePrefixAndStructuredContentRepeatingTheText() {
        McpSchema.CallToolResult result = ToolResultMapper.toSdk(ToolResult.failure(
                ErrorCode.CONFLICT, "revision 3 is stale; read the record again", Map.of("currentRevision", 4)));

        assertThat(result.isError()).isTrue();
        assertThat(result.content())
                .singleElement()
                .isInstanceOfSatisfying(
                        McpSchema.TextContent.class,
                        text -> assertThat(text.text())
                                .isEqualTo("CONFLICT: revision 3 is stale; read the record again"));
        assertThat(result.structuredContent())
                .isEqualTo(Map.of(
                        "code",
                        "CONFLICT",
                        "message",
                        "revision 3 is stale; read the record again",
                        "details",
                        Map.of("currentRevision", 4),
                        "output",
                        "CONFLICT: revision 3 is stale; read the record again"));
    }

    @Test
    void internalErrorNamesTheCorrelationIdAndNothingElse() {
        McpSchema.CallToolResult result = ToolResultMapper.internalError("c-0000abcd");

        assertThat(result.isError()).isTrue();
        assertThat(result.structuredContent()).isInstanceOfSatisfying(Map.class, structured -> {
            assertThat(structured.get("code")).isEqualTo("INTERNAL_ERROR");
            assertThat(structured.get("details")).isEqualTo(Map.of("correlationId", "c-0000abcd"));
        });
        assertThat(((McpSchema.TextContent) result.content().get(0)).text())
                .startsWith("INTERNAL_ERROR: ")
                .contains("c-0000abcd")
                .doesNotContain("Exception");
    }
}
