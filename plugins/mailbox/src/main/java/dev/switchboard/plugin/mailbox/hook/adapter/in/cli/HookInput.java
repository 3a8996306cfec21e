package dev.switchboard.plugin.mailbox.hook.adapter.in.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A Claude Code hook's input: one JSON object on standard input (at most {@value #MAX_INPUT} bytes are read), such as
 * {@code {"session_id": "...", "hook_event_name": "Stop", "stop_hook_active": false}}. Immutable.
 *
 * @param root    the object, or empty when the input is empty, not JSON or not an object
 * @param problem why it is not an object, for a warning; empty when the input is an object or empty
 */
record HookInput(Optional<JsonNode> root, Optional<String> problem) {

    static final int MAX_INPUT = 1 << 20;

    private static final JsonMapper JSON = JsonMapper.builder().build();

    /**
     * @param in the hook's standard input, read to its end (or {@value #MAX_INPUT} bytes)
     * @return what it holds
     */
    static HookInput read(InputStream in) {
        String input;
        try {
            input = new String(in.readNBytes(MAX_INPUT), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return new HookInput(Optional.empty(), Optional.of("cannot read the hook input: " + e.getMessage()));
        }
        if (input.isBlank()) {
            return new HookInput(Optional.empty(), Optional.empty());
        }
        try {
            JsonNode root = JSON.readTree(input);
            return root.isObject()
                    ? new HookInput(Optional.of(root), Optional.empty())
                    : new HookInput(Optional.empty(), Optional.of("the hook input is not a JSON object"));
        } catch (JacksonException e) {
            return new HookInput(Optional.empty(), Optional.of("the hook input is not JSON"));
        }
    }

    /** @return the text of a field, when it is a non-blank string */
    Optional<String> text(String field) {
        return root.map(r -> r.path(field))
                .filter(JsonNode::isString)
                .map(JsonNode::asString)
                .filter(value -> !value.isBlank());
    }
}
