package dev.switchboard.testkit;

import java.util.Map;

import tools.jackson.databind.json.JsonMapper;

import dev.switchboard.ports.content.Content;
import dev.switchboard.ports.tool.ToolResult;

/** Assertions on tool results, with messages that show the call and what came back. Stateless. */
public final class ToolResults {

    private ToolResults() {}

    /**
     * @param result    what the tool returned
     * @param tool      the tool called, for the message
     * @param arguments the arguments sent, for the message
     * @return the result as a success
     * @throws AssertionError if it is a failure
     */
    public static ToolResult.Success success(ToolResult result, String tool, Map<String, Object> arguments) {
        if (result instanceof ToolResult.Success success) {
            return success;
        }
        ToolResult.Failure failure = (ToolResult.Failure) result;
        throw new AssertionError(tool + " " + arguments + " failed: "
                + failure.code().value() + ": " + failure.message() + " " + failure.details());
    }

    /**
     * @param success a successful result
     * @return its structured content, or, for an answer carried once as JSON text ({@link ToolResult#json}), that
     *     text parsed, as a client that finds no structured content reads it; null when it has neither
     */
    @SuppressWarnings("unchecked")
    public static Map<String, Object> structured(ToolResult.Success success) {
        if (success.structuredContent() != null
                || success.content().isEmpty()
                || !(success.content().getFirst() instanceof Content.Text text)
                || !text.text().startsWith("{")) {
            return success.structuredContent();
        }
        return JSON.readValue(text.text(), Map.class);
    }

    private static final JsonMapper JSON = JsonMapper.builder().build();

    /**
     * @param result    what the tool returned
     * @param tool      the tool called, for the message
     * @param arguments the arguments sent, for the message
     * @param code      the stable error code expected
     * @return the result as a failure with that code
     * @throws AssertionError if it succeeded or failed with another code
     */
    public static ToolResult.Failure failure(
            ToolResult result, String tool, Map<String, Object> arguments, String code) {
        if (!(result instanceof ToolResult.Failure failure)) {
            throw new AssertionError(tool + " " + arguments + " succeeded, expected " + code + ": " + result);
        }
        if (!failure.code().value().equals(code)) {
            throw new AssertionError(tool + " " + arguments + " failed with "
                    + failure.code().value() + ", expected " + code + ": " + failure.message());
        }
        return failure;
    }

    /**
     * @param success a successful result
     * @return the text of its first content block
     * @throws AssertionError if it has none or the first is not text
     */
    public static String text(ToolResult.Success success) {
        if (success.content().isEmpty() || !(success.content().getFirst() instanceof Content.Text text)) {
            throw new AssertionError("the first content block is not text: " + success.content());
        }
        return text.text();
    }
}
