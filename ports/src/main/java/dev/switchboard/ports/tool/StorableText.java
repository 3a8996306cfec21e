package dev.switchboard.ports.tool;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Whether a call's text can be stored and given back exactly as sent, on every backend: a NUL character
 * ({@code \u0000}) cannot be stored by PostgreSQL text (SQLite could, and its FTS5 and {@code LIKE} stop at it), and
 * a lone UTF-16 surrogate (a JSON {@code \ud800} escape without its pair) has no UTF-8 form, so a driver would store
 * {@code ?} instead. A tool that stores free text refuses such text as {@link ErrorCode#INVALID_ARGUMENTS} naming the
 * field, on every backend alike, rather than store it changed. Static functions of plain JDK values only (a plugin's
 * domain may call {@link #problem}); stateless and thread-safe.
 */
public interface StorableText {

    /**
     * @param text a text
     * @return why it cannot be stored as it is (the first NUL or lone surrogate, with its UTF-16 index), or empty
     *         when it can
     */
    static Optional<String> problem(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\u0000') {
                return Optional.of("contains a NUL character (\\u0000) at index " + i + ", which the database cannot"
                        + " store as text; remove it or spell it out (send binary data base64-encoded)");
            }
            if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                return Optional.of("contains a lone UTF-16 surrogate at index " + i + " (a \\ud800-\\udfff escape"
                        + " without its pair), which has no UTF-8 form and would be stored changed; send well-formed"
                        + " Unicode text (U+FFFD where a character is unknown)");
            }
        }
        return Optional.empty();
    }

    /**
     * @param values JSON-like values by the argument name that carried them (maps, lists, strings, numbers, booleans,
     *               null: a tool call's arguments, or the fields a use case stores); a null value is an absent
     *               argument and passes
     * @return done, or the {@link Refusal#invalid(String, String)} naming the path of the first string that cannot be
     *         stored ({@code body}, {@code addenda.backend}, {@code tags[2]}) and why
     */
    static Outcome<Boolean> check(Map<String, ?> values) {
        for (Map.Entry<String, ?> entry : values.entrySet()) {
            Optional<Refusal> refusal = refusal(entry.getKey(), entry.getValue());
            if (refusal.isPresent()) {
                return Outcome.refused(refusal.get());
            }
        }
        return Outcome.done(Boolean.TRUE);
    }

    /**
     * @param namesAndValues argument name, value, name, value ...; a null value is an absent argument and passes
     * @return as {@link #check(Map)}
     * @throws IllegalArgumentException if the names and values do not pair up
     */
    static Outcome<Boolean> check(String... namesAndValues) {
        if (namesAndValues.length % 2 != 0) {
            throw new IllegalArgumentException("names and values must pair up, got " + namesAndValues.length);
        }
        Map<String, String> fields = new LinkedHashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            fields.put(namesAndValues[i], namesAndValues[i + 1]);
        }
        return check(fields);
    }

    private static Optional<Refusal> refusal(String path, Object value) {
        if (value instanceof String text) {
            return problem(text).map(reason -> Refusal.invalid(path, reason));
        }
        if (value instanceof Map<?, ?> map) {
            for (Map.Entry<?, ?> entry : map.entrySet()) {
                Optional<Refusal> refusal = refusal(path + "." + entry.getKey(), entry.getValue());
                if (refusal.isPresent()) {
                    return refusal;
                }
            }
        }
        if (value instanceof List<?> list) {
            for (int i = 0; i < list.size(); i++) {
                Optional<Refusal> refusal = refusal(path + "[" + i + "]", list.get(i));
                if (refusal.isPresent()) {
                    return refusal;
                }
            }
        }
        return Optional.empty();
    }
}
