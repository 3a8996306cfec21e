package dev.switchboard.plugin.workspace.application;

import java.nio.file.Path;
import java.time.Instant;

import dev.switchboard.ports.call.Cancellation;

/**
 * One open workspace: its id, its directory, and what the registry needs to choose one to reclaim (last use, calls
 * in progress). Its {@link #cancellation()} is raised when the workspace is closed, so running commands are killed.
 * Thread-safe; the counters are guarded by the {@link WorkspaceRegistry}.
 */
public final class Workspace {

    private final String id;
    private final Path cwd;
    private final Instant openedAt = Instant.now();
    private final RaisedOnce closing = new RaisedOnce();
    private long lastUsed;
    private int activeCalls;

    Workspace(String id, Path cwd, long lastUsed) {
        this.id = id;
        this.cwd = cwd;
        this.lastUsed = lastUsed;
    }

    /** @return the workspace id, a UUID */
    public String id() {
        return id;
    }

    /** @return the real path of the workspace's directory */
    public Path cwd() {
        return cwd;
    }

    /** @return when it was opened */
    public Instant openedAt() {
        return openedAt;
    }

    /** @return raised when the workspace is closed */
    public Cancellation cancellation() {
        return closing;
    }

    /**
     * Forgets an action registered on {@link #cancellation()}, once the call it would have killed has ended, so a
     * long-lived workspace does not accumulate them.
     *
     * @param action the registered action
     */
    void forget(Runnable action) {
        closing.forget(action);
    }

    long lastUsed() {
        return lastUsed;
    }

    int activeCalls() {
        return activeCalls;
    }

    void begin(long now) {
        activeCalls++;
        lastUsed = now;
    }

    void end() {
        activeCalls--;
    }

    void close() {
        closing.raise();
    }
}
