package dev.switchboard.ports.prompt;

import java.util.List;
import java.util.Objects;

/**
 * A prompt as listed in {@code prompts/list}. Immutable.
 *
 * @param name        the prompt's unique name
 * @param title       a human-readable title, or null
 * @param description what the prompt is for, or null
 * @param arguments   its arguments, in order
 */
public record PromptDescriptor(String name, String title, String description, List<PromptArgument> arguments) {
    /** @throws NullPointerException if {@code name} or {@code arguments} is null */
    public PromptDescriptor {
        Objects.requireNonNull(name, "name");
        arguments = List.copyOf(arguments);
    }
}
