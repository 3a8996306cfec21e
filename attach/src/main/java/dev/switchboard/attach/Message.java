package dev.switchboard.attach;

import java.util.ArrayList;
import java.util.List;

import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;

/**
 * What the client tracks of one JSON-RPC message, read from its top-level members only (and {@code params.uri}):
 * everything else is skipped by the streaming parser, never materialised. Immutable.
 *
 * @param method the {@code method}, or null (a response)
 * @param id     the {@code id} as a key: {@code s:} and the string, or {@code n:} and the number's text; null when
 *               absent or null (a notification)
 * @param uri    {@code params.uri} when it is a string, else null (read for requests only)
 */
record Message(String method, String id, String uri) {

    /** @return whether it is a request: a method and an id */
    boolean isRequest() {
        return method != null && id != null;
    }

    /** @return whether it is a response: an id and no method */
    boolean isResponse() {
        return method == null && id != null;
    }

    /**
     * Writes an id key back as the JSON value it stands for.
     *
     * @param generator where to write it
     * @param id        an id key ({@link #id()} form)
     */
    static void writeId(JsonGenerator generator, String id) {
        if (id.startsWith("s:")) {
            generator.writeString(id.substring(2));
        } else {
            generator.writeNumber(id.substring(2));
        }
    }

    /**
     * Parses a line: one message, or each object of a batch (an array). A line that is not JSON, or not an object or
     * array of objects, yields nothing (the server answers it; the client relays it untracked).
     *
     * @param bytes  the buffer
     * @param offset where the line starts
     * @param length its length, without the line end
     * @return the messages found
     */
    static List<Message> parse(byte[] bytes, int offset, int length) {
        try (JsonParser parser = Json.parser(bytes, offset, length)) {
            JsonToken first = parser.nextToken();
            if (first == JsonToken.START_OBJECT) {
                return List.of(object(parser));
            }
            if (first != JsonToken.START_ARRAY) {
                return List.of();
            }
            List<Message> batch = new ArrayList<>();
            JsonToken token;
            while ((token = parser.nextToken()) != JsonToken.END_ARRAY && token != null) {
                if (token == JsonToken.START_OBJECT) {
                    batch.add(object(parser));
                } else {
                    parser.skipChildren();
                }
            }
            return batch;
        } catch (JacksonException e) {
            return List.of();
        }
    }

    private static Message object(JsonParser parser) {
        String method = null;
        String id = null;
        String uri = null;
        String name;
        while ((name = parser.nextName()) != null) {
            JsonToken value = parser.nextToken();
            switch (name) {
                case "method" -> method = value == JsonToken.VALUE_STRING ? parser.getString() : null;
                case "id" -> id = idKey(parser, value);
                case "params" -> uri = uri(parser, value);
                default -> parser.skipChildren();
            }
        }
        return new Message(method, id, uri);
    }

    private static String idKey(JsonParser parser, JsonToken value) {
        return switch (value) {
            case VALUE_STRING -> "s:" + parser.getString();
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> "n:" + parser.getString();
            default -> {
                parser.skipChildren();
                yield null;
            }
        };
    }

    private static String uri(JsonParser parser, JsonToken value) {
        if (value != JsonToken.START_OBJECT) {
            parser.skipChildren();
            return null;
        }
        String uri = null;
        String name;
        while ((name = parser.nextName()) != null) {
            JsonToken member = parser.nextToken();
            if (name.equals("uri") && member == JsonToken.VALUE_STRING) {
                uri = parser.getString();
            } else {
                parser.skipChildren();
            }
        }
        return uri;
    }
}
