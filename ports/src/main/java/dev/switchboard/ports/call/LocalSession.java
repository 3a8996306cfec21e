package dev.switchboard.ports.call;

import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A local stdio session attached to a shared server from its own {@code switchboard serve} process (ADR 32): the
 * working directory and the whole environment of that process, as its attach client sent them. The server's own
 * process-wide settings are the same for every session it serves; what a session sets for itself (a plugin's declared
 * session settings, such as the mailbox's role, and declared session variables, such as
 * {@code AI_AGENT_CHANNEL_ROLE}) is read from here, through
 * {@link dev.switchboard.ports.plugin.PluginContext#settingsFor} and {@link #variable}. Carried by
 * {@link Principal#attached}; a principal without one is the in-process session or a network caller.
 *
 * <p>{@link #toString()} names the directory and the number of variables only: the environment may hold secrets, and
 * a principal is printed in log lines. Immutable and thread-safe.
 *
 * @param workingDirectory the attaching process's current directory; absolute
 * @param environment      the attaching process's environment, every variable (names are case-sensitive); may hold
 *                         secrets, so never log or show it
 */
public record LocalSession(Path workingDirectory, Map<String, String> environment) {

    /**
     * @throws NullPointerException     if a component, a name or a value is null
     * @throws IllegalArgumentException if {@code workingDirectory} is not absolute
     */
    public LocalSession {
        Objects.requireNonNull(workingDirectory, "workingDirectory");
        if (!workingDirectory.isAbsolute()) {
            throw new IllegalArgumentException("workingDirectory must be absolute: " + workingDirectory);
        }
        environment = Map.copyOf(environment);
    }

    /**
     * @param name a variable's name, such as {@code AI_AGENT_CHANNEL_ROLE}
     * @return its value in the session's environment (possibly empty text), or empty when unset there
     * @throws NullPointerException if {@code name} is null
     */
    public Optional<String> variable(String name) {
        return Optional.ofNullable(environment.get(Objects.requireNonNull(name, "name")));
    }

    /** @return the directory and how many variables the environment holds, never their values */
    @Override
    public String toString() {
        return "LocalSession[workingDirectory=" + workingDirectory + ", environment=" + environment.size()
                + " variables]";
    }
}
