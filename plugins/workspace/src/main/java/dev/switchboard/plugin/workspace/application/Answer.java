package dev.switchboard.plugin.workspace.application;

import java.util.LinkedHashMap;
import java.util.Map;

import dev.switchboard.plugin.workspace.domain.Code;

/**
 * What a use case answers: the text the caller reads and the structured facts, and for an answer that is an error
 * without being a refusal (a command that exited non-zero) the code. The text is also put in the structured content
 * as {@code output}, so that clients that read only structured results see it.
 *
 * @param text       the readable result
 * @param structured the JSON facts, including {@code output}
 * @param error      the failure code when the result is an error, else null
 * @param image      an image to show after the text (its bytes are not repeated in {@code structured}), or null
 */
public record Answer(String text, Map<String, Object> structured, Code error, Image image) {

    /**
     * An image block.
     *
     * @param base64   the bytes, base64-encoded
     * @param mimeType such as {@code image/png}
     */
    public record Image(String base64, String mimeType) {}

    /**
     * @param image the image
     * @return this answer with the image
     */
    public Answer withImage(Image image) {
        return new Answer(text, structured, error, image);
    }

    /**
     * @param text  the readable result
     * @param facts further facts; {@code output} is added
     * @return a successful answer
     */
    public static Answer of(String text, Map<String, Object> facts) {
        Map<String, Object> structured = new LinkedHashMap<>(facts);
        structured.put("output", text);
        return new Answer(text, structured, null, null);
    }

    /**
     * @param code  the failure code
     * @param text  the readable result
     * @param facts further facts; {@code output} is added
     * @return an error answer
     */
    public static Answer error(Code code, String text, Map<String, Object> facts) {
        Map<String, Object> structured = new LinkedHashMap<>(facts);
        structured.put("output", text);
        return new Answer(text, structured, code, null);
    }

    /**
     * @param key   a fact
     * @param value its value
     * @return this answer with one more fact
     */
    public Answer with(String key, Object value) {
        Map<String, Object> copy = new LinkedHashMap<>(structured);
        copy.put(key, value);
        return new Answer(text, copy, error, image);
    }
}
