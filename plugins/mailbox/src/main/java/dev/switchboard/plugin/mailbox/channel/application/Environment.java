package dev.switchboard.plugin.mailbox.channel.application;

import java.util.Optional;

/**
 * The server process's environment variables, read for the original's {@code AI_AGENT_CHANNEL_ROLE} alias. Bound to
 * {@link System#getenv(String)}; tests bind a map. Implementations are thread-safe.
 */
@FunctionalInterface
public interface Environment {

    /**
     * @param name a variable's name
     * @return its value, or empty when unset
     */
    Optional<String> variable(String name);

    /** @return the process's own environment */
    static Environment system() {
        return name -> Optional.ofNullable(System.getenv(name));
    }
}
