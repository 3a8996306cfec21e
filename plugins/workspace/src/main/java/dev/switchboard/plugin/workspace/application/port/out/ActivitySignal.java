package dev.switchboard.plugin.workspace.application.port.out;

/**
 * Tells whoever watches the workspace's activity (the owner's live board) that it changed: a workspace opened or
 * closed, a command started or ended. Implementations MUST be thread-safe and MUST NOT throw: a signal that cannot be
 * sent is logged, never the caller's failure.
 */
public interface ActivitySignal {

    /** The change-signal topic published on each change (ADR 17). */
    String TOPIC = "workspace.activity";

    /** Announces a change; returns once it is published (or its failure logged). */
    void changed();
}
