package dev.switchboard.plugin.mailbox.channel.adapter.out.persistence;

import java.util.List;
import java.util.Map;

import tools.jackson.core.JacksonException;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

import dev.switchboard.ports.storage.StorageException;

/**
 * The mailbox's JSON text columns (role lists, addenda, receipts' results) read and written with Jackson. A column
 * that does not parse is a damaged store: {@link StorageException}. Stateless and thread-safe.
 */
public final class Json {

    /** Whole numbers read back as {@code Long}, as the tools return them, so a replayed result equals the first. */
    private static final JsonMapper MAPPER = JsonMapper.builder()
            .enable(DeserializationFeature.USE_LONG_FOR_INTS)
            .build();

    private Json() {}

    /** @return {@code value} as JSON text, or null for null */
    public static String write(Object value) {
        return value == null ? null : MAPPER.writeValueAsString(value);
    }

    /** @return the JSON array of strings in {@code text}, or null for a null column */
    public static List<String> strings(String text) {
        return text == null ? null : read(text, new TypeReference<List<String>>() {});
    }

    /** @return the JSON object of strings in {@code text}, or an empty map for a null column */
    public static Map<String, String> stringMap(String text) {
        return text == null ? Map.of() : read(text, new TypeReference<Map<String, String>>() {});
    }

    /** @return the JSON object in {@code text} */
    public static Map<String, Object> object(String text) {
        return read(text, new TypeReference<Map<String, Object>>() {});
    }

    private static <T> T read(String text, TypeReference<T> type) {
        try {
            return MAPPER.readValue(text, type);
        } catch (JacksonException e) {
            throw new StorageException("a mailbox JSON column does not parse: " + e.getOriginalMessage(), e);
        }
    }
}
