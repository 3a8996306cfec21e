package dev.switchboard.attach;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.core.ObjectWriteContext;
import tools.jackson.core.json.JsonFactory;

/**
 * jackson-core's streaming parser and generator, the client's only JSON machinery (no databind). Thread-safe: the
 * factory is shared, each parser or generator belongs to one call.
 */
final class Json {

    private static final JsonFactory FACTORY = new JsonFactory();

    private Json() {}

    /**
     * @param bytes  a buffer
     * @param offset where the document starts
     * @param length its length in bytes
     * @return a parser over that UTF-8 JSON
     */
    static JsonParser parser(byte[] bytes, int offset, int length) {
        return FACTORY.createParser(ObjectReadContext.empty(), bytes, offset, length);
    }

    /**
     * Writes one JSON document into bytes.
     *
     * @param body what writes the document
     * @return the UTF-8 bytes, without a line end
     */
    static byte[] write(Body body) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(256);
        try (JsonGenerator generator = FACTORY.createGenerator(ObjectWriteContext.empty(), out)) {
            body.write(generator);
        }
        return out.toByteArray();
    }

    /** What writes one document. */
    @FunctionalInterface
    interface Body {
        /**
         * @param generator the generator to write to
         * @throws JacksonException if writing fails
         */
        void write(JsonGenerator generator);
    }

    /**
     * Reads the value at the parser's current token as plain Java values: objects as ordered maps, arrays as lists,
     * numbers as {@link Number}, strings, booleans and null. For the few small documents read whole (a status frame).
     *
     * @param parser a parser positioned on the value's first token
     * @return the value
     */
    static Object value(JsonParser parser) {
        JsonToken token = parser.currentToken();
        if (token == JsonToken.START_OBJECT) {
            Map<String, Object> map = new LinkedHashMap<>();
            String name;
            while ((name = parser.nextName()) != null) {
                parser.nextToken();
                map.put(name, value(parser));
            }
            return map;
        }
        if (token == JsonToken.START_ARRAY) {
            List<Object> list = new ArrayList<>();
            while (parser.nextToken() != JsonToken.END_ARRAY) {
                list.add(value(parser));
            }
            return list;
        }
        return switch (token) {
            case VALUE_STRING -> parser.getString();
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> parser.getNumberValue();
            case VALUE_TRUE -> Boolean.TRUE;
            case VALUE_FALSE -> Boolean.FALSE;
            default -> null;
        };
    }

    /**
     * @param bytes  a buffer holding one JSON object
     * @param offset where it starts
     * @param length its length
     * @return its members as plain values ({@link #value}); empty when it is not a JSON object
     */
    @SuppressWarnings("unchecked")
    static Map<String, Object> object(byte[] bytes, int offset, int length) {
        try (JsonParser parser = parser(bytes, offset, length)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                return Map.of();
            }
            return (Map<String, Object>) value(parser);
        } catch (JacksonException e) {
            return Map.of();
        }
    }
}
