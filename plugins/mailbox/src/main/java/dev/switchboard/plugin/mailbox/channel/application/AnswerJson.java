package dev.switchboard.plugin.mailbox.channel.application;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.AbstractMap;
import java.util.Collection;
import java.util.Map;
import java.util.Set;

import tools.jackson.core.JsonGenerator;
import tools.jackson.core.SerializableString;
import tools.jackson.databind.json.JsonMapper;

/**
 * A mailbox answer's JSON, written once (issue 26, ADR 68): the compact UTF-8 JSON a default Jackson mapper writes
 * for the same value, byte for byte, streamed through one generator by a walk of the answer's JDK values (maps with
 * string keys, collections, strings, whole numbers, booleans, null; anything else goes to Jackson's databind). A
 * listing's entries are written when {@link Listing#fitting} measures them ({@link #written}) and copied into the
 * answer as they are, so no entry is written twice. A lone UTF-16 surrogate is written as its escape
 * ({@code \\uD800}), as the transports' UTF-8 writer writes it anyway; text the mailbox stores has none
 * ({@code StorableText}). Stateless and thread-safe.
 */
public final class AnswerJson {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private AnswerJson() {}

    /**
     * A listing's entry with its JSON: reads as the entry (an unmodifiable view), written into an answer as its bytes.
     * Immutable when the entry is not changed afterwards.
     */
    public static final class Written extends AbstractMap<String, Object> {

        private final Map<String, Object> entry;
        private final byte[] json;

        private Written(Map<String, Object> entry, byte[] json) {
            this.entry = entry;
            this.json = json;
        }

        /** @return the length of the entry's JSON in bytes (UTF-8) */
        public int bytes() {
            return json.length;
        }

        @Override
        public Set<Entry<String, Object>> entrySet() {
            return java.util.Collections.unmodifiableMap(entry).entrySet();
        }

        @Override
        public Object get(Object key) {
            return entry.get(key);
        }

        @Override
        public boolean containsKey(Object key) {
            return entry.containsKey(key);
        }

        @Override
        public int size() {
            return entry.size();
        }
    }

    /**
     * @param entry a listing's entry
     * @return the entry with its JSON written ({@link Written#bytes()} measures it); {@code entry} itself when it is
     *     one already
     */
    public static Written written(Map<String, Object> entry) {
        if (entry instanceof Written written) {
            return written;
        }
        return new Written(entry, bytes(entry));
    }

    /**
     * @param value an answer: JDK JSON values, entries {@link #written} among them
     * @return its JSON text
     */
    public static String text(Object value) {
        return new String(bytes(value), StandardCharsets.UTF_8);
    }

    /** @return {@code value}'s JSON, UTF-8 */
    static byte[] bytes(Object value) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(256);
        try (JsonGenerator generator = JSON.createGenerator(out)) {
            write(generator, value);
        }
        return out.toByteArray();
    }

    private static void write(JsonGenerator out, Object value) {
        switch (value) {
            case null -> out.writeNull();
            case String text -> out.writeString(text);
            case Long number -> out.writeNumber(number);
            case Integer number -> out.writeNumber(number);
            case Boolean flag -> out.writeBoolean(flag);
            case Written written -> out.writeRawValue(new RawBytes(written.json));
            case Map<?, ?> map
            when stringKeys(map) -> {
                out.writeStartObject(map);
                for (Map.Entry<?, ?> entry : map.entrySet()) {
                    out.writeName((String) entry.getKey());
                    write(out, entry.getValue());
                }
                out.writeEndObject();
            }
            case Collection<?> items -> {
                out.writeStartArray(items, items.size());
                for (Object item : items) {
                    write(out, item);
                }
                out.writeEndArray();
            }
            default -> out.writePOJO(value);
        }
    }

    private static boolean stringKeys(Map<?, ?> map) {
        for (Object key : map.keySet()) {
            if (!(key instanceof String)) {
                return false;
            }
        }
        return true;
    }

    /** JSON bytes written as they are ({@link JsonGenerator#writeRawValue(SerializableString)}). */
    private record RawBytes(byte[] utf8) implements SerializableString {

        @Override
        public String getValue() {
            return new String(utf8, StandardCharsets.UTF_8);
        }

        @Override
        public int charLength() {
            return getValue().length();
        }

        @Override
        public char[] asQuotedChars() {
            throw new UnsupportedOperationException("raw JSON is not quoted");
        }

        @Override
        public byte[] asUnquotedUTF8() {
            return utf8;
        }

        @Override
        public byte[] asQuotedUTF8() {
            throw new UnsupportedOperationException("raw JSON is not quoted");
        }

        @Override
        public int appendQuotedUTF8(byte[] buffer, int offset) {
            throw new UnsupportedOperationException("raw JSON is not quoted");
        }

        @Override
        public int appendQuoted(char[] buffer, int offset) {
            throw new UnsupportedOperationException("raw JSON is not quoted");
        }

        @Override
        public int appendUnquotedUTF8(byte[] buffer, int offset) {
            if (offset + utf8.length > buffer.length) {
                return -1;
            }
            System.arraycopy(utf8, 0, buffer, offset, utf8.length);
            return utf8.length;
        }

        @Override
        public int appendUnquoted(char[] buffer, int offset) {
            String text = getValue();
            if (offset + text.length() > buffer.length) {
                return -1;
            }
            text.getChars(0, text.length(), buffer, offset);
            return text.length();
        }

        @Override
        public int writeQuotedUTF8(OutputStream out) {
            throw new UnsupportedOperationException("raw JSON is not quoted");
        }

        @Override
        public int writeUnquotedUTF8(OutputStream out) throws IOException {
            out.write(utf8);
            return utf8.length;
        }

        @Override
        public int putQuotedUTF8(ByteBuffer buffer) {
            throw new UnsupportedOperationException("raw JSON is not quoted");
        }

        @Override
        public int putUnquotedUTF8(ByteBuffer buffer) {
            if (buffer.remaining() < utf8.length) {
                return -1;
            }
            buffer.put(utf8);
            return utf8.length;
        }
    }
}
