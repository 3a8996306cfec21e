package dev.switchboard.ports.prompt;

import java.util.Objects;

/**
 * One argument of a prompt.
 *
 * @param name        the argument's name
 * @param title       a human-readable title, or null
 * @param description what to supply, or null
 * @param required    whether the prompt needs it
 */
public record PromptArgument(String name, String title, String description, boolean required) {
    /** @throws NullPointerException if {@code name} is null */
    public PromptArgument {
        Objects.requireNonNull(name, "name");
    }
}
