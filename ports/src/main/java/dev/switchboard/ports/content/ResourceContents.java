package dev.switchboard.ports.content;

import java.util.Objects;

/**
 * The contents of one resource, either text or a base64-encoded binary blob (MCP 2025-11-25, "Resource contents").
 * Immutable and thread-safe.
 */
public sealed interface ResourceContents permits ResourceContents.TextContents, ResourceContents.BlobContents {

    /** @return the resource's URI, for example {@code handoff://switchboard/12} */
    String uri();

    /** @return the MIME type, or null when unknown */
    String mimeType();

    /** Textual contents. */
    record TextContents(String uri, String mimeType, String text) implements ResourceContents {
        /** @throws NullPointerException if {@code uri} or {@code text} is null */
        public TextContents {
            Objects.requireNonNull(uri, "uri");
            Objects.requireNonNull(text, "text");
        }
    }

    /** Binary contents; {@code base64Blob} holds the encoded bytes. */
    record BlobContents(String uri, String mimeType, String base64Blob) implements ResourceContents {
        /** @throws NullPointerException if {@code uri} or {@code base64Blob} is null */
        public BlobContents {
            Objects.requireNonNull(uri, "uri");
            Objects.requireNonNull(base64Blob, "base64Blob");
        }
    }
}
