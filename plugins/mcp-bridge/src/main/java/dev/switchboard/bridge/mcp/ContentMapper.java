package dev.switchboard.bridge.mcp;

import java.util.List;

import io.modelcontextprotocol.spec.McpSchema;

import dev.switchboard.ports.content.Content;
import dev.switchboard.ports.content.ResourceContents;

/** Maps the ports' content blocks and resource contents to the SDK's records. Stateless. */
final class ContentMapper {

    private ContentMapper() {}

    static List<McpSchema.Content> toSdk(List<Content> blocks) {
        return blocks.stream().map(ContentMapper::toSdk).toList();
    }

    static McpSchema.Content toSdk(Content block) {
        return switch (block) {
            case Content.Text text -> new McpSchema.TextContent(null, text.text(), null);
            case Content.Image image -> new McpSchema.ImageContent(null, image.base64Data(), image.mimeType(), null);
            case Content.Audio audio -> new McpSchema.AudioContent(null, audio.base64Data(), audio.mimeType(), null);
            case Content.Resource resource -> new McpSchema.EmbeddedResource(null, toSdk(resource.resource()), null);
        };
    }

    static McpSchema.ResourceContents toSdk(ResourceContents contents) {
        return switch (contents) {
            case ResourceContents.TextContents text ->
                new McpSchema.TextResourceContents(text.uri(), text.mimeType(), text.text(), null);
            case ResourceContents.BlobContents blob ->
                new McpSchema.BlobResourceContents(blob.uri(), blob.mimeType(), blob.base64Blob(), null);
        };
    }
}
