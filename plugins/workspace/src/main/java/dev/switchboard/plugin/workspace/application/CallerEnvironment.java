package dev.switchboard.plugin.workspace.application;

import dev.switchboard.ports.call.LocalSession;
import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.exec.ProcessSpec;

/**
 * Whose environment a run inherits: a local stdio session attached to a shared server runs its commands with its own
 * process's environment ({@link LocalSession#environment()}), as the in-process server it replaces would have; every
 * other caller with the server's (ADR 32). Either way the kernel's executor removes the declared secret variables
 * (ADR 30). Stateless.
 */
final class CallerEnvironment {

    private CallerEnvironment() {}

    /**
     * @param spec   a run that inherits the server's environment
     * @param caller who asked for it
     * @return {@code spec} inheriting the caller's session's environment instead, or {@code spec} for a caller
     *         without a session
     */
    static ProcessSpec of(ProcessSpec spec, Principal caller) {
        return caller.localSession()
                .map(session -> spec.inheritingFrom(session.environment()))
                .orElse(spec);
    }
}
