package dev.switchboard.bridge.mcp;

import java.util.List;
import java.util.Map;

/**
 * How an answer names a JSON value's kind ("a string", "an object"), never its content, so that a refusal does not
 * echo a client's text. Stateless; thread-safe.
 */
public final class JsonKinds {

    private JsonKinds() {}

    /**
     * @param value a value as Jackson reads JSON into JDK types, or null
     * @return its kind with an article ("a number", "an array"), or "null"
     */
    public static String of(Object value) {
        return switch (value) {
            case null -> "null";
            case String s -> "a string";
            case Boolean b -> "a boolean";
            case Number n -> "a number";
            case List<?> l -> "an array";
            case Map<?, ?> m -> "an object";
            default -> "a " + value.getClass().getSimpleName();
        };
    }
}
