package dev.switchboard.ports.tool;

import java.util.Collection;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * A result's structured content together with the JSON text it was written as, so that a transport writes the text
 * where the object goes instead of writing the object again ({@link ToolResult#json}; ADR 68). It reads as the object
 * (an unmodifiable view of it: equal to, and hashed as, any map of the same entries; every mutator throws
 * {@link UnsupportedOperationException}), so code that inspects structured content sees no difference. Immutable when
 * the object is not changed afterwards; thread-safe then.
 *
 * <p>The text MUST be the JSON of the object exactly as a default Jackson mapper writes it (members in the map's
 * order, no whitespace): a transport may send either, and clients must not see which.
 *
 * @param json   the object's JSON text, as written once by the tool
 * @param object the structured content, a JSON object of JDK types, held as an unmodifiable view
 */
public record SerializedJson(String json, Map<String, Object> object) implements Map<String, Object> {

    /** @throws NullPointerException if an argument is null */
    public SerializedJson {
        Objects.requireNonNull(json, "json");
        object = Collections.unmodifiableMap(Objects.requireNonNull(object, "object"));
    }

    @Override
    public int size() {
        return object.size();
    }

    @Override
    public boolean isEmpty() {
        return object.isEmpty();
    }

    @Override
    public boolean containsKey(Object key) {
        return object.containsKey(key);
    }

    @Override
    public boolean containsValue(Object value) {
        return object.containsValue(value);
    }

    @Override
    public Object get(Object key) {
        return object.get(key);
    }

    @Override
    public Object put(String key, Object value) {
        return object.put(key, value);
    }

    @Override
    public Object remove(Object key) {
        return object.remove(key);
    }

    @Override
    public void putAll(Map<? extends String, ?> entries) {
        object.putAll(entries);
    }

    @Override
    public void clear() {
        object.clear();
    }

    @Override
    public Set<String> keySet() {
        return object.keySet();
    }

    @Override
    public Collection<Object> values() {
        return object.values();
    }

    @Override
    public Set<Entry<String, Object>> entrySet() {
        return object.entrySet();
    }

    /** @return whether {@code other} is a map of the same entries (the {@link Map} contract, not the record's) */
    @Override
    public boolean equals(Object other) {
        return object.equals(other);
    }

    /** @return the hash of the entries, as every map of the same entries has */
    @Override
    public int hashCode() {
        return object.hashCode();
    }

    /** @return the entries, as a map prints them */
    @Override
    public String toString() {
        return object.toString();
    }
}
