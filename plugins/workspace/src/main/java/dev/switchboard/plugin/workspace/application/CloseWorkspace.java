package dev.switchboard.plugin.workspace.application;

import java.util.LinkedHashMap;
import java.util.Map;

import jakarta.inject.Inject;

import dev.switchboard.plugin.workspace.application.port.out.ActivitySignal;

/**
 * {@code workspace_close}: removes a workspace and kills its running commands. Closing an unknown or already closed
 * id is harmless and answers {@code closed: true} too. Completed effects are not undone. Thread-safe.
 */
public final class CloseWorkspace {

    private final WorkspaceRegistry registry;
    private final ActivitySignal signal;

    @Inject
    CloseWorkspace(WorkspaceRegistry registry, ActivitySignal signal) {
        this.registry = registry;
        this.signal = signal;
    }

    /**
     * @param id the workspace id
     * @return {workspace_id, cwd (when it was open), closed: true}
     */
    public Answer close(String id) {
        Map<String, Object> facts = new LinkedHashMap<>();
        facts.put("workspace_id", id);
        var closed = registry.close(id);
        closed.ifPresent(workspace -> signal.changed());
        closed.ifPresent(workspace -> facts.put("cwd", workspace.cwd().toString()));
        facts.put("closed", true);
        return Answer.of(
                closed.isPresent()
                        ? "Closed workspace " + id + "."
                        : "Workspace " + id + " was not open; nothing to close.",
                facts);
    }
}
