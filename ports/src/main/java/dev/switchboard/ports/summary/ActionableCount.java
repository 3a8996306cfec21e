package dev.switchboard.ports.summary;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * One actionable counter of a session, as a stop hook or a status command shows it next to the mailbox's
 * (seed-features §1C.6): a wire name, how many items wait, and what the session should do about them. Immutable.
 *
 * @param name  the counter's wire name, {@code [a-z][a-z0-9_]{0,47}}, unique across plugins (prefix it with your
 *              feature: {@code handoffs_pending})
 * @param count how many items are pending, {@code >= 0}
 * @param hint  one sentence telling the session how to handle them, such as the tools to call; plain text
 */
public record ActionableCount(String name, long count, String hint) {

    private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9_]{0,47}");

    /**
     * @throws NullPointerException     if a component is null
     * @throws IllegalArgumentException if the name is malformed or the count negative
     */
    public ActionableCount {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(hint, "hint");
        if (!NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("a counter's name must match " + NAME + ": " + name);
        }
        if (count < 0) {
            throw new IllegalArgumentException("a count must not be negative: " + count);
        }
    }
}
