package dev.switchboard.plugin.handoff.domain;

import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The canonical key of a project: lowercase kebab-case, such as {@code raveil} or {@code my-project-name}. Every name
 * a caller gives is normalised to it ({@link #normalize}), so {@code Raveil}, {@code RAVEIL} and {@code raveil_} name
 * the same project. Immutable.
 *
 * @param value the key: lowercase letters and digits in groups joined by single hyphens, at most {@link #MAX_LENGTH}
 *              characters
 */
public record ProjectKey(String value) {

    /** The longest key. */
    public static final int MAX_LENGTH = 64;

    /** What a name may contain, in words, for error messages. */
    public static final String RULE = "letters a-z and digits, optionally separated by spaces, underscores or"
            + " hyphens (case is ignored; spaces and underscores become hyphens), at most " + MAX_LENGTH
            + " characters";

    private static final Pattern CANONICAL = Pattern.compile("[a-z0-9]+(?:-[a-z0-9]+)*");
    private static final Pattern SEPARATORS = Pattern.compile("[\\s_-]+");

    /** @throws IllegalArgumentException if {@code value} is not canonical */
    public ProjectKey {
        Objects.requireNonNull(value, "value");
        if (value.length() > MAX_LENGTH || !CANONICAL.matcher(value).matches()) {
            throw new IllegalArgumentException("not a canonical project key: '" + value + "'");
        }
    }

    /**
     * Normalises a project name: lowercase, runs of spaces, underscores and hyphens become one hyphen, leading and
     * trailing separators are dropped.
     *
     * @param name a project name as a caller or an old database wrote it
     * @return the canonical key, or empty when the name has other characters or nothing left
     */
    public static Optional<ProjectKey> normalize(String name) {
        if (name == null) {
            return Optional.empty();
        }
        String joined =
                SEPARATORS.matcher(name.strip().toLowerCase(Locale.ROOT)).replaceAll("-");
        String trimmed = trimHyphens(joined);
        if (trimmed.isEmpty()
                || trimmed.length() > MAX_LENGTH
                || !CANONICAL.matcher(trimmed).matches()) {
            return Optional.empty();
        }
        return Optional.of(new ProjectKey(trimmed));
    }

    /**
     * @param storedKey a key as stored, possibly a legacy variant
     * @return whether the stored key is already canonical (a registered project) rather than a legacy variant
     */
    public static boolean isCanonical(String storedKey) {
        return storedKey != null
                && storedKey.length() <= MAX_LENGTH
                && CANONICAL.matcher(storedKey).matches();
    }

    private static String trimHyphens(String text) {
        int start = 0;
        int end = text.length();
        while (start < end && text.charAt(start) == '-') {
            start++;
        }
        while (end > start && text.charAt(end - 1) == '-') {
            end--;
        }
        return text.substring(start, end);
    }

    @Override
    public String toString() {
        return value;
    }
}
