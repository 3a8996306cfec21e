package dev.switchboard.plugin.workspace.domain;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Canonical JSON text of a JSON-like value (maps, lists, strings, numbers, booleans, null): object keys sorted, no
 * whitespace, so equal values always give equal text. Used for request fingerprints. Stateless.
 */
public final class CanonicalJson {

    private CanonicalJson() {}

    /**
     * @param value a JSON-like value
     * @return its canonical text
     * @throws IllegalArgumentException for a value that is not JSON-like
     */
    public static String of(Object value) {
        StringBuilder out = new StringBuilder();
        write(value, out);
        return out.toString();
    }

    private static void write(Object value, StringBuilder out) {
        switch (value) {
            case null -> out.append("null");
            case String text -> string(text, out);
            case Boolean flag -> out.append(flag);
            case Number number -> number(number, out);
            case Map<?, ?> map -> object(map, out);
            case List<?> list -> array(list, out);
            default ->
                throw new IllegalArgumentException(
                        "not a JSON value: " + value.getClass().getName());
        }
    }

    private static void number(Number number, StringBuilder out) {
        double asDouble = number.doubleValue();
        // 5 and 5.0 are the same JSON number, so integral values are written without a fraction.
        if (asDouble == Math.rint(asDouble) && Math.abs(asDouble) < 1e15) {
            out.append((long) asDouble);
        } else {
            out.append(asDouble);
        }
    }

    private static void object(Map<?, ?> map, StringBuilder out) {
        TreeMap<String, Object> sorted = new TreeMap<>();
        map.forEach((key, item) -> sorted.put(String.valueOf(key), item));
        out.append('{');
        boolean first = true;
        for (var entry : sorted.entrySet()) {
            if (!first) {
                out.append(',');
            }
            first = false;
            string(entry.getKey(), out);
            out.append(':');
            write(entry.getValue(), out);
        }
        out.append('}');
    }

    private static void array(List<?> list, StringBuilder out) {
        out.append('[');
        for (int i = 0; i < list.size(); i++) {
            if (i > 0) {
                out.append(',');
            }
            write(list.get(i), out);
        }
        out.append(']');
    }

    private static void string(String text, StringBuilder out) {
        out.append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }
}
