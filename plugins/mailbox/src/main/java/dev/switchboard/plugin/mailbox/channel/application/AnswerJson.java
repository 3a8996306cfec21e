package dev.switchboard.plugin.mailbox.channel.application;

import java.io.Writer;
import java.util.AbstractMap;
import java.util.Collection;
import java.util.Collections;
import java.util.Map;
import java.util.Set;

import tools.jackson.core.JsonGenerator;
import tools.jackson.databind.ObjectWriter;
import tools.jackson.databind.json.JsonMapper;

/**
 * A mailbox answer's JSON text, written once (ADR 68): the compact JSON a default Jackson mapper writes
 * for the same value ({@code writeValueAsString}), character for character, streamed through one generator by a walk
 * of the answer's JDK values (maps with string keys, collections, strings, whole numbers, booleans, null; anything
 * else goes to Jackson's databind). A listing's entries are written when {@link Listing#fitting} measures them
 * ({@link #written}: their UTF-8 length counted from the text) and copied into the answer as they are, so no entry
 * is written twice. Stateless and thread-safe.
 */
public final class AnswerJson {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    /** Writes values one after another through one generator, with nothing between them. */
    private static final ObjectWriter ONE_AFTER_ANOTHER = JSON.writer().withRootValueSeparator((String) null);

    private AnswerJson() {}

    /**
     * A listing's entry with its JSON: reads as the entry (an unmodifiable view), written into an answer as its text.
     * Immutable when the entry is not changed afterwards.
     */
    public static final class Written extends AbstractMap<String, Object> {

        private final Map<String, Object> entry;
        private final String json;
        private final long bytes;

        private Written(Map<String, Object> entry, String json) {
            this.entry = entry;
            this.json = json;
            this.bytes = utf8Bytes(json);
        }

        /**
         * @return the length of the entry's JSON in bytes as the transports write it (UTF-8, a lone surrogate as its
         *     six-character escape)
         */
        public long bytes() {
            return bytes;
        }

        @Override
        public Set<Entry<String, Object>> entrySet() {
            return Collections.unmodifiableMap(entry).entrySet();
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
        return new Written(entry, text(entry));
    }

    /**
     * Writes a listing's entries one after another through one generator, as {@link #written} writes each alone (the
     * same text): a generator costs more to make than a small entry costs to write. Not thread-safe; close it after the
     * last entry.
     */
    public static final class Entries implements AutoCloseable {

        private final TextOut out = new TextOut();
        private final JsonGenerator generator = ONE_AFTER_ANOTHER.createGenerator(out);

        /** A writer with no entry written. */
        public Entries() {}

        /**
         * @param entry a listing's entry
         * @return as {@link AnswerJson#written}
         */
        public Written written(Map<String, Object> entry) {
            if (entry instanceof Written written) {
                return written;
            }
            write(generator, entry);
            generator.flush();
            String json = out.text.toString();
            out.text.setLength(0);
            return new Written(entry, json);
        }

        @Override
        public void close() {
            generator.close();
        }
    }

    /**
     * @param value an answer: JDK JSON values, entries {@link #written} among them
     * @return its JSON text
     */
    public static String text(Object value) {
        TextOut out = new TextOut();
        try (JsonGenerator generator = JSON.createGenerator(out)) {
            write(generator, value);
        }
        return out.text.toString();
    }

    private static void write(JsonGenerator out, Object value) {
        switch (value) {
            case null -> out.writeNull();
            case String text -> out.writeString(text);
            case Long number -> out.writeNumber(number);
            case Integer number -> out.writeNumber(number);
            case Boolean flag -> out.writeBoolean(flag);
            case Written written -> out.writeRawValue(written.json);
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

    /** @return the UTF-8 length of {@code json}, a lone surrogate counted as its escape {@code \\uD800} */
    static long utf8Bytes(String json) {
        long bytes = 0;
        for (int i = 0, n = json.length(); i < n; i++) {
            char c = json.charAt(i);
            if (c < 0x80) {
                bytes++;
            } else if (c < 0x800) {
                bytes += 2;
            } else if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(json.charAt(i + 1))) {
                bytes += 4;
                i++;
            } else {
                bytes += Character.isSurrogate(c) ? 6 : 3;
            }
        }
        return bytes;
    }

    /** A writer into a string builder, unsynchronized (a generator writes from one thread). */
    private static final class TextOut extends Writer {

        private final StringBuilder text = new StringBuilder(1024);

        @Override
        public void write(char[] chars, int offset, int length) {
            text.append(chars, offset, length);
        }

        @Override
        public void write(String chars, int offset, int length) {
            text.append(chars, offset, offset + length);
        }

        @Override
        public void write(int c) {
            text.append((char) c);
        }

        @Override
        public void flush() {}

        @Override
        public void close() {}
    }
}
