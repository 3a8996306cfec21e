package dev.switchboard.ports.tool;

import java.util.AbstractMap;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * A result's structured content together with the JSON text it was written as, so that a transport writes the text
 * where the object goes instead of writing the object again ({@link ToolResult#json}). It reads as the object (an
 * unmodifiable view of it: equal to, and hashed as, any map of the same entries), so code that inspects structured
 * content sees no difference. Immutable when the object is not changed afterwards; thread-safe then.
 *
 * <p>The text MUST be the JSON of the object exactly as a default Jackson mapper writes it (members in the map's
 * order, no whitespace): a transport may send either, and clients must not see which.
 */
public final class SerializedJson extends AbstractMap<String, Object> {

    private final String json;
    private final Map<String, Object> object;

    /**
     * @param json   the object's JSON text
     * @param object the structured content, a JSON object of JDK types
     * @throws NullPointerException if an argument is null
     */
    public SerializedJson(String json, Map<String, Object> object) {
        this.json = Objects.requireNonNull(json, "json");
        this.object = Collections.unmodifiableMap(Objects.requireNonNull(object, "object"));
    }

    /** @return the object's JSON text, as written once by the tool */
    public String json() {
        return json;
    }

    @Override
    public Set<Entry<String, Object>> entrySet() {
        return object.entrySet();
    }

    @Override
    public Object get(Object key) {
        return object.get(key);
    }

    @Override
    public boolean containsKey(Object key) {
        return object.containsKey(key);
    }

    @Override
    public int size() {
        return object.size();
    }
}
