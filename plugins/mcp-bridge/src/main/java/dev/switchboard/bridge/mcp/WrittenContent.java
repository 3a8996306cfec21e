package dev.switchboard.bridge.mcp;

import java.util.Map;

import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.util.RawValue;

import dev.switchboard.ports.tool.SerializedJson;

/**
 * A result's structured content as the SDK's records carry it: a {@link SerializedJson} (written once by its tool)
 * becomes Jackson's {@link RawValue} of its text, which the transports' mapper copies into the response where the
 * object goes instead of walking the object again, in both eras (the modern server's conversion of a result into a
 * map keeps a raw value as it is). The bytes a client receives are the same as the object's: the text is the object's
 * JSON as the default mapper writes it. A text with a lone UTF-16 surrogate stays an object, since the transports'
 * UTF-8 writer escapes such a character in a value ({@code \\uD800}) but cannot copy it raw. Stateless.
 */
final class WrittenContent {

    private static final JsonMapper JSON = JsonMapper.shared();

    private WrittenContent() {}

    /**
     * @param structured a result's structured content, or null
     * @return what the SDK's record carries: a raw value of a {@link SerializedJson}'s text, else {@code structured}
     */
    static Object of(Map<String, Object> structured) {
        if (structured instanceof SerializedJson written && wellFormed(written.json())) {
            return new RawValue(written.json());
        }
        return structured;
    }

    /**
     * @param structured what a record carries ({@link #of})
     * @return the same content as JSON values of JDK types (a raw value parsed), for a validator that reads it
     */
    static Object readable(Object structured) {
        if (structured instanceof RawValue raw && raw.rawValue() instanceof String text) {
            return JSON.readValue(text, Object.class);
        }
        return structured;
    }

    /** @return whether every surrogate in {@code text} is half of a pair */
    static boolean wellFormed(String text) {
        for (int i = 0, n = text.length(); i < n; i++) {
            char c = text.charAt(i);
            if (Character.isSurrogate(c)) {
                if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(text.charAt(i + 1))) {
                    i++;
                } else {
                    return false;
                }
            }
        }
        return true;
    }
}
