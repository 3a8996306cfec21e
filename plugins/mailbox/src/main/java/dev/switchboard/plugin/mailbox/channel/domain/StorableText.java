package dev.switchboard.plugin.mailbox.channel.domain;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Whether a call's text can be stored and given back exactly as sent, on both backends: a NUL character cannot be
 * stored by PostgreSQL (and SQLite's FTS5 and LIKE stop at it), and a lone UTF-16 surrogate has no UTF-8 form (the
 * driver would store '?'). Such text is refused, naming the field, rather than stored changed; handoff refuses the
 * same two (its {@code WellFormedText}). Stateless and thread-safe.
 */
public final class StorableText {

    private StorableText() {}

    /**
     * @param arguments a tool call's arguments (JSON values: maps, lists, strings, numbers, booleans, null)
     * @return an invalid-input problem naming the path of the first string that is not storable ({@code body},
     *         {@code addenda.backend}, {@code message_ids[2]}) and why, or empty when every string is storable
     */
    public static Optional<Problem> firstProblem(Map<String, ?> arguments) {
        for (Map.Entry<String, ?> entry : arguments.entrySet()) {
            Optional<Problem> problem = check(entry.getKey(), entry.getValue());
            if (problem.isPresent()) {
                return problem;
            }
        }
        return Optional.empty();
    }

    private static Optional<Problem> check(String path, Object value) {
        if (value instanceof String text) {
            return problem(text).map(reason -> Problem.invalid(path, reason));
        }
        if (value instanceof Map<?, ?> map) {
            for (Map.Entry<?, ?> entry : map.entrySet()) {
                Optional<Problem> problem = check(path + "." + entry.getKey(), entry.getValue());
                if (problem.isPresent()) {
                    return problem;
                }
            }
        }
        if (value instanceof List<?> list) {
            for (int i = 0; i < list.size(); i++) {
                Optional<Problem> problem = check(path + "[" + i + "]", list.get(i));
                if (problem.isPresent()) {
                    return problem;
                }
            }
        }
        return Optional.empty();
    }

    /**
     * @param text a text
     * @return why it cannot be stored as it is (a NUL, a lone surrogate, with its index), or empty when it can
     */
    public static Optional<String> problem(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\u0000') {
                return Optional.of("contains a NUL character at index " + i
                        + ", which the mailbox cannot store or search; remove it (send binary data base64-encoded)");
            }
            if (Character.isHighSurrogate(c)) {
                if (i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                    i++;
                    continue;
                }
                return Optional.of(loneSurrogate(i));
            }
            if (Character.isLowSurrogate(c)) {
                return Optional.of(loneSurrogate(i));
            }
        }
        return Optional.empty();
    }

    private static String loneSurrogate(int index) {
        return "contains a lone UTF-16 surrogate at index " + index
                + ", which has no UTF-8 form and would be stored changed; send well-formed Unicode text";
    }
}
