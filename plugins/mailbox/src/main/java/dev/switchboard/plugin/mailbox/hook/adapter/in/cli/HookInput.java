package dev.switchboard.plugin.mailbox.hook.adapter.in.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.core.ObjectWriteContext;
import tools.jackson.core.json.JsonFactory;

/**
 * A Claude Code hook's input: one JSON object on standard input (at most {@value #MAX_INPUT} bytes are read), such as
 * {@code {"session_id": "...", "hook_event_name": "Stop", "stop_hook_active": false}}, and the hooks' one-line JSON
 * answers. Read and written with jackson-core's streaming parser and generator rather than a data-binding mapper: a
 * hook starts a JVM at every turn end, and the mapper's classes cost more CPU than the rest of the answer (ADR 25,
 * docs/performance.md). Only the object's top-level string and boolean members are kept; nested values are skipped;
 * a repeated member keeps its last value. Immutable; thread-safe.
 *
 * @param texts   the top-level string members, by name
 * @param flags   the top-level boolean members, by name
 * @param problem why the input is not one JSON object, for a warning; empty when it is one or the input is empty
 */
record HookInput(Map<String, String> texts, Map<String, Boolean> flags, Optional<String> problem) {

    static final int MAX_INPUT = 1 << 20;

    private static final JsonFactory JSON = JsonFactory.builder().build();

    HookInput {
        texts = Map.copyOf(texts);
        flags = Map.copyOf(flags);
    }

    /**
     * @param in the hook's standard input, read to its end (or {@value #MAX_INPUT} bytes; a longer object is cut and
     *     therefore not JSON); bytes that are not UTF-8 are read as U+FFFD
     * @return what it holds; a problem ({@code cannot read the hook input: ...}, {@code the hook input is not JSON},
     *     {@code the hook input is not a JSON object}) rather than an exception
     */
    static HookInput read(InputStream in) {
        String input;
        try {
            input = new String(in.readNBytes(MAX_INPUT), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return problem("cannot read the hook input: " + e.getMessage());
        }
        if (input.isBlank()) {
            return new HookInput(Map.of(), Map.of(), Optional.empty());
        }
        try (JsonParser parser = JSON.createParser(ObjectReadContext.empty(), input)) {
            Map<String, String> texts = new HashMap<>();
            Map<String, Boolean> flags = new HashMap<>();
            boolean object = parser.nextToken() == JsonToken.START_OBJECT;
            if (object) {
                members(parser, texts, flags);
            } else {
                parser.skipChildren();
            }
            if (parser.nextToken() != null) {
                return problem("the hook input is not JSON");
            }
            return object
                    ? new HookInput(texts, flags, Optional.empty())
                    : problem("the hook input is not a JSON object");
        } catch (JacksonException e) {
            return problem("the hook input is not JSON");
        }
    }

    /** @return the text of a top-level member, when it is a non-blank string */
    Optional<String> text(String member) {
        return Optional.ofNullable(texts.get(member)).filter(value -> !value.isBlank());
    }

    /** @return whether a top-level member is the JSON literal {@code true} (a string or number is not) */
    boolean flag(String member) {
        return flags.getOrDefault(member, false);
    }

    /**
     * @param members the object's members, in order, each a string
     * @return the object as one line of JSON without a line end, escaped as Jackson escapes (non-ASCII characters
     *     are written as they are)
     */
    static String line(Map<String, String> members) {
        StringWriter text = new StringWriter();
        try (JsonGenerator generator = JSON.createGenerator(ObjectWriteContext.empty(), text)) {
            generator.writeStartObject();
            members.forEach(generator::writeStringProperty);
            generator.writeEndObject();
        }
        return text.toString();
    }

    private static void members(JsonParser parser, Map<String, String> texts, Map<String, Boolean> flags) {
        while (parser.nextToken() == JsonToken.PROPERTY_NAME) {
            String name = parser.currentName();
            JsonToken value = parser.nextToken();
            texts.remove(name);
            flags.remove(name);
            if (value == JsonToken.VALUE_STRING) {
                texts.put(name, parser.getString());
            } else if (BOOLEANS.contains(value)) {
                flags.put(name, value == JsonToken.VALUE_TRUE);
            } else {
                parser.skipChildren();
            }
        }
    }

    private static final Set<JsonToken> BOOLEANS = Set.of(JsonToken.VALUE_TRUE, JsonToken.VALUE_FALSE);

    private static HookInput problem(String problem) {
        return new HookInput(Map.of(), Map.of(), Optional.of(problem));
    }
}
