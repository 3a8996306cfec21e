package dev.switchboard.plugin.mailbox.hook.application.port.out;

import java.util.Optional;

import dev.switchboard.plugin.mailbox.hook.domain.RoleCounts;

/**
 * A role's actionable counts in the local store: through the plugin's storage in a started server or a
 * {@code STORAGE} start (ADR 23), or over the hooks' direct path's read-only connection (ADR 25). Both count with the
 * same queries and the same rule ({@code StatusCounts.of}). Implementations are thread-safe.
 */
public interface LocalCounts {

    /**
     * @param role the role asked for ({@code --role}), or empty for the configured one
     * @return its counts in the local channel ({@code channel} and {@code role} named), or empty when no role is given
     *     and none is configured
     * @throws HookFailure {@code SETUP} when the role cannot act there, {@code STORE} when the store cannot be read
     */
    Optional<RoleCounts> of(Optional<String> role);
}
