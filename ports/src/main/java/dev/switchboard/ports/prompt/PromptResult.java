package dev.switchboard.ports.prompt;

import java.util.List;

/**
 * A rendered prompt, the answer to {@code prompts/get}.
 *
 * @param description a description of the rendered prompt, or null
 * @param messages    the messages, in order
 */
public record PromptResult(String description, List<PromptMessage> messages) {
    /** @throws NullPointerException if {@code messages} is null */
    public PromptResult {
        messages = List.copyOf(messages);
    }
}
