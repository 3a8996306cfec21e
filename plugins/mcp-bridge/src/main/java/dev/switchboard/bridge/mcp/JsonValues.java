package dev.switchboard.bridge.mcp;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.TypeRef;

/** Converts between JSON text, the ports' JDK JSON values and the SDK's records. Thread-safe. */
final class JsonValues {

    private static final TypeRef<LinkedHashMap<String, Object>> OBJECT = new TypeRef<>() {};

    private final McpJsonMapper mapper;

    JsonValues(McpJsonMapper mapper) {
        this.mapper = mapper;
    }

    /**
     * Parses a JSON object, keeping its key order (schemas read better in their authors' order).
     *
     * @throws IllegalArgumentException if {@code text} is not a JSON object
     */
    Map<String, Object> parseObject(String text, String what) {
        try {
            Map<String, Object> value = mapper.readValue(text, OBJECT);
            if (value == null) {
                throw new IllegalArgumentException(what + " is not a JSON object");
            }
            return value;
        } catch (IOException e) {
            throw new IllegalArgumentException(what + " is not valid JSON: " + e.getMessage(), e);
        }
    }

    /** @return a record or value as a JSON object of JDK types */
    Map<String, Object> toObject(Object value) {
        return mapper.convertValue(value, OBJECT);
    }

    /** @return a JSON object of JDK types as an SDK record; IllegalArgumentException if it does not fit */
    <T> T fromObject(Map<String, Object> value, Class<T> type) {
        return mapper.convertValue(value, type);
    }

    /**
     * @return an SDK record of one era as the same JSON object in the other era's record (the two eras' tools, results,
     *     resources and prompts share their JSON), in one conversion (no JSON object of JDK types in between);
     *     IllegalArgumentException if it does not fit
     */
    <T> T across(Object value, Class<T> type) {
        return mapper.convertValue(value, type);
    }

    /** @return the value as JSON text, strings as they are */
    String toText(Object value) {
        if (value instanceof String text) {
            return text;
        }
        try {
            return mapper.writeValueAsString(value);
        } catch (IOException e) {
            return String.valueOf(value);
        }
    }
}
