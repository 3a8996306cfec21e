package dev.switchboard.plugin.workspace.application;

import java.util.concurrent.atomic.AtomicBoolean;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.switchboard.plugin.workspace.domain.Code;
import dev.switchboard.plugin.workspace.domain.WorkspaceException;

/**
 * Open while the server runs; closed once, when an orderly shutdown begins, after which every new tool call is
 * refused with {@link Code#BRIDGE_STOPPED} before it claims a request key or touches a workspace. Thread-safe.
 */
@Singleton
final class Gate {

    private final AtomicBoolean closed = new AtomicBoolean();

    @Inject
    Gate() {
        // open until the shutdown closes it
    }

    /** @throws WorkspaceException {@link Code#BRIDGE_STOPPED} once the gate is closed */
    void check() {
        if (closed.get()) {
            throw new WorkspaceException(
                    Code.BRIDGE_STOPPED,
                    "the server is shutting down and takes no new"
                            + " calls; retry once it is back (a retry with the same request_key is safe)");
        }
    }

    /** Refuses every call from now on. Idempotent. */
    void close() {
        closed.set(true);
    }
}
