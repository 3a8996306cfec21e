package dev.switchboard.kernel.config;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Hides the server's own state directory in text meant for clients: every occurrence of its absolute path (as
 * configured, normalized, and its real path when it exists) becomes {@value #PLACEHOLDER}. Tool answers never name
 * the place that holds the owner token and the database; the operator finds it on the start line, in
 * {@code switchboard doctor} and with {@code switchboard token show-path}. Immutable and thread-safe.
 */
public final class StateDirectoryText {

    /** What stands for the state directory in client-facing text. */
    public static final String PLACEHOLDER = "<state-dir>";

    /** The directory's spellings, longest first, so that a real path containing a configured one is hidden whole. */
    private final List<String> spellings;

    /** @param stateDir the state directory, absolute or relative to the working directory */
    public StateDirectoryText(Path stateDir) {
        Set<String> forms = new LinkedHashSet<>();
        Path absolute = stateDir.toAbsolutePath().normalize();
        forms.add(absolute.toString());
        try {
            forms.add(absolute.toRealPath().toString());
        } catch (IOException e) {
            // Not created yet (or unreadable): only the configured spelling can appear in messages.
        }
        forms.removeIf(form -> form.equals("/"));
        this.spellings = forms.stream()
                .sorted(Comparator.comparingInt(String::length).reversed())
                .toList();
    }

    /**
     * @param text client-facing text, or null
     * @return the text with every spelling of the state directory replaced by {@value #PLACEHOLDER}; null for null
     */
    public String hide(String text) {
        if (text == null) {
            return null;
        }
        String hidden = text;
        for (String spelling : spellings) {
            hidden = hidden.replace(spelling, PLACEHOLDER);
        }
        return hidden;
    }
}
