package dev.switchboard.ports.tool;

/**
 * How an error message repeats what a client sent: at most {@value #MAX_CODE_POINTS} code points of it, then
 * {@code ...}, so that an overlong argument (a 1 MiB role name, a 10,000-character key) is named without being sent
 * back whole. Cuts between code points, never inside a surrogate pair. An interface of static functions, as
 * {@code ports} holds no classes with behaviour; stateless and thread-safe. (A plugin's {@code domain} package, which
 * depends on {@code java} only, keeps its own copy of this rule: the mailbox's {@code ClientText}.)
 */
public interface Echo {

    /** The most code points of client text an error message repeats. */
    int MAX_CODE_POINTS = 64;

    /** What replaces the rest of an overlong text. */
    String ELLIPSIS = "...";

    /**
     * @param text what the client sent, or null
     * @return {@code text} when it has at most {@value #MAX_CODE_POINTS} code points, else its first
     *         {@value #MAX_CODE_POINTS} and {@value #ELLIPSIS}; {@code "null"} for null
     */
    static String of(String text) {
        if (text == null) {
            return "null";
        }
        if (text.length() <= MAX_CODE_POINTS || text.codePointCount(0, text.length()) <= MAX_CODE_POINTS) {
            return text;
        }
        return text.substring(0, text.offsetByCodePoints(0, MAX_CODE_POINTS)) + ELLIPSIS;
    }

    /**
     * @param value what the client sent (its {@link String#valueOf} text is used), or null
     * @return {@link #of} of it in single quotes, such as {@code 'frontend'}
     */
    static String quoted(Object value) {
        return "'" + of(value == null ? null : String.valueOf(value)) + "'";
    }
}
