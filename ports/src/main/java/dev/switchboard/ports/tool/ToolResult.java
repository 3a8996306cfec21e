package dev.switchboard.ports.tool;

import java.util.List;
import java.util.Map;
import java.util.Objects;

import dev.switchboard.ports.content.Content;

/**
 * The outcome of a tool call: {@link Success} or {@link Failure}. Immutable and thread-safe.
 *
 * <p>A failure reaches the client as a tool result with {@code isError: true} (not as a JSON-RPC error), a text
 * {@code "<CODE>: <message>"} and {@code structuredContent} {@code {code, message, details}}, so that an agent can read
 * the cause and the way out (MCP 2025-11-25, "Error Handling", tool execution errors).
 */
public sealed interface ToolResult permits ToolResult.Success, ToolResult.Failure {

    /**
     * A successful call.
     *
     * @param content           the content blocks, in order; may be empty
     * @param structuredContent a JSON object matching the output schema, or null
     */
    record Success(List<Content> content, Map<String, Object> structuredContent) implements ToolResult {
        /** @throws NullPointerException if {@code content} is null */
        public Success {
            content = List.copyOf(content);
        }
    }

    /**
     * A failed call.
     *
     * @param code    the stable reason
     * @param message what went wrong and what the caller can do about it; never a stack trace or a secret
     * @param details further JSON facts (the offending field, the current revision...); never null
     */
    record Failure(ErrorCode code, String message, Map<String, Object> details) implements ToolResult {
        /** @throws NullPointerException if an argument is null */
        public Failure {
            Objects.requireNonNull(code, "code");
            Objects.requireNonNull(message, "message");
            Objects.requireNonNull(details, "details");
        }
    }

    /**
     * @param text the result text
     * @return a success with one text block and no structured content
     */
    static ToolResult text(String text) {
        return new Success(List.of(Content.text(text)), null);
    }

    /**
     * @param text       the result text, usually a readable rendering of {@code structured}
     * @param structured the structured content, a JSON object
     * @return a success with one text block and structured content
     */
    static ToolResult structured(String text, Map<String, Object> structured) {
        return new Success(List.of(Content.text(text)), structured);
    }

    /**
     * The longest JSON text, in characters, that {@link #json} also sends as structured content: 64 Ki. A longer
     * answer travels once, as text.
     */
    int STRUCTURED_COPY_MAX_CHARS = 64 * 1024;

    /**
     * A result whose text is the JSON of its structured content, carried once when large: with the structured
     * content only when the text is at most {@link #STRUCTURED_COPY_MAX_CHARS} characters. MCP makes structured
     * content optional for a tool without an output schema and asks for the JSON as text for clients that read only
     * text, so a large answer is the text alone (a client that reads structured content falls back to it), not the
     * same megabytes twice. The structured content comes as a {@link SerializedJson} carrying {@code json}, so a
     * transport writes that text in its place rather than writing the object a second time.
     *
     * @param json       the structured content as JSON text, exactly as a default Jackson mapper writes it
     * @param structured the structured content, a JSON object
     * @return a success with one text block, and the structured content when the text is short
     */
    static ToolResult json(String json, Map<String, Object> structured) {
        return new Success(
                List.of(Content.text(json)),
                json.length() <= STRUCTURED_COPY_MAX_CHARS ? new SerializedJson(json, structured) : null);
    }

    /**
     * @param code    the stable reason
     * @param message what went wrong and the way out
     * @return a failure without details
     */
    static ToolResult failure(ErrorCode code, String message) {
        return new Failure(code, message, Map.of());
    }

    /**
     * @param code    the stable reason
     * @param message what went wrong and the way out
     * @param details further JSON facts
     * @return a failure with details
     */
    static ToolResult failure(ErrorCode code, String message, Map<String, Object> details) {
        return new Failure(code, message, details);
    }
}
