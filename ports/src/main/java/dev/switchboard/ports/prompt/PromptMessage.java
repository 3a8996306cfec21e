package dev.switchboard.ports.prompt;

import java.util.Objects;

import dev.switchboard.ports.content.Content;

/**
 * One message of a rendered prompt.
 *
 * @param role    who speaks it
 * @param content what it says
 */
public record PromptMessage(Role role, Content content) {

    /** The speaker of a prompt message. */
    public enum Role {
        USER,
        ASSISTANT
    }

    /** @throws NullPointerException if an argument is null */
    public PromptMessage {
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(content, "content");
    }
}
