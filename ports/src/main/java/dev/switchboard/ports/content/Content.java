package dev.switchboard.ports.content;

import java.util.Objects;

/**
 * One block of content in a tool result or a prompt message, as MCP 2025-11-25 defines content blocks.
 *
 * <p>Binary data is carried base64-encoded (standard alphabet, with padding), the way it travels on the wire, so that
 * a block can be passed along without copying or re-encoding. All implementations are immutable and thread-safe.
 */
public sealed interface Content permits Content.Text, Content.Image, Content.Audio, Content.Resource {

    /** Plain text; any Unicode, including characters outside the BMP. */
    record Text(String text) implements Content {
        /** @throws NullPointerException if {@code text} is null */
        public Text {
            Objects.requireNonNull(text, "text");
        }
    }

    /** An image, such as {@code image/png}; {@code base64Data} holds the encoded bytes. */
    record Image(String base64Data, String mimeType) implements Content {
        /** @throws NullPointerException if an argument is null */
        public Image {
            Objects.requireNonNull(base64Data, "base64Data");
            Objects.requireNonNull(mimeType, "mimeType");
        }
    }

    /** Audio, such as {@code audio/wav}; {@code base64Data} holds the encoded bytes. */
    record Audio(String base64Data, String mimeType) implements Content {
        /** @throws NullPointerException if an argument is null */
        public Audio {
            Objects.requireNonNull(base64Data, "base64Data");
            Objects.requireNonNull(mimeType, "mimeType");
        }
    }

    /** A resource embedded in the result, with its contents inline. */
    record Resource(ResourceContents resource) implements Content {
        /** @throws NullPointerException if {@code resource} is null */
        public Resource {
            Objects.requireNonNull(resource, "resource");
        }
    }

    /**
     * Shorthand for a text block.
     *
     * @param text the text, not null
     * @return a {@link Text} block
     */
    static Content text(String text) {
        return new Text(text);
    }
}
