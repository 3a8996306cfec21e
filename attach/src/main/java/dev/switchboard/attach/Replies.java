package dev.switchboard.attach;

import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;

/**
 * The lines the client writes itself: the {@code UNAVAILABLE} answer of a request that was in flight when the server
 * went away, and a request re-sent under a private id. Stateless.
 */
final class Replies {

    /** The JSON-RPC error code of a request other than {@code tools/call} answered {@code UNAVAILABLE}. */
    static final int SERVER_ERROR = -32000;

    /** The code every such answer carries, as the tools' error results do. */
    static final String UNAVAILABLE = "UNAVAILABLE";

    private static final String TOOLS_CALL = "tools/call";

    private Replies() {}

    /**
     * The answer to a request the server did not answer before it went away: for {@code tools/call}, a tool error
     * result of the shape {@code ToolResultMapper} gives every tool error ({@code isError}, one text block
     * {@code "UNAVAILABLE: <message>"}, {@code structuredContent {code, message, details, output}}); for any other
     * method, a JSON-RPC error {@value #SERVER_ERROR} with {@code data.code UNAVAILABLE}.
     *
     * @param id      the request's id key ({@link Message#id()})
     * @param method  the request's method
     * @param message why, for the caller
     * @return the answer's line, without its line end
     */
    static byte[] unavailable(String id, String method, String message) {
        String text = UNAVAILABLE + ": " + message;
        return Json.write(json -> {
            json.writeStartObject();
            json.writeStringProperty("jsonrpc", "2.0");
            json.writeName("id");
            Message.writeId(json, id);
            if (TOOLS_CALL.equals(method)) {
                json.writeName("result");
                json.writeStartObject();
                json.writeName("content");
                json.writeStartArray();
                json.writeStartObject();
                json.writeStringProperty("type", "text");
                json.writeStringProperty("text", text);
                json.writeEndObject();
                json.writeEndArray();
                json.writeBooleanProperty("isError", true);
                json.writeName("structuredContent");
                json.writeStartObject();
                json.writeStringProperty("code", UNAVAILABLE);
                json.writeStringProperty("message", message);
                json.writeName("details");
                json.writeStartObject();
                json.writeEndObject();
                json.writeStringProperty("output", text);
                json.writeEndObject();
                json.writeEndObject();
            } else {
                json.writeName("error");
                json.writeStartObject();
                json.writeNumberProperty("code", SERVER_ERROR);
                json.writeStringProperty("message", text);
                json.writeName("data");
                json.writeStartObject();
                json.writeStringProperty("code", UNAVAILABLE);
                json.writeEndObject();
                json.writeEndObject();
            }
            json.writeEndObject();
        });
    }

    /**
     * Re-writes a request with another id, every other top-level member copied as it was.
     *
     * @param line a request, one JSON object
     * @param id   the new id, a string
     * @return the request's line with that id, without its line end
     */
    static byte[] withId(byte[] line, String id) {
        return Json.write(json -> {
            try (JsonParser parser = Json.parser(line, 0, line.length)) {
                parser.nextToken();
                json.writeStartObject();
                json.writeStringProperty("id", id);
                String name;
                while ((name = parser.nextName()) != null) {
                    JsonToken value = parser.nextToken();
                    if (name.equals("id")) {
                        parser.skipChildren();
                    } else {
                        json.writeName(name);
                        if (value.isStructStart()) {
                            json.copyCurrentStructure(parser);
                        } else {
                            json.copyCurrentEvent(parser);
                        }
                    }
                }
                json.writeEndObject();
            }
        });
    }
}
