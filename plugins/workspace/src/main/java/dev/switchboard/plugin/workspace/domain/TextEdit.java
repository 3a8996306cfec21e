package dev.switchboard.plugin.workspace.domain;

import java.util.Objects;

/**
 * One replacement of an {@code edit} call: {@code oldText} must occur exactly once in the original file.
 *
 * @param oldText the text to replace, not empty
 * @param newText its replacement, may be empty
 */
public record TextEdit(String oldText, String newText) {

    /** @throws NullPointerException if an argument is null */
    public TextEdit {
        Objects.requireNonNull(oldText, "oldText");
        Objects.requireNonNull(newText, "newText");
    }
}
