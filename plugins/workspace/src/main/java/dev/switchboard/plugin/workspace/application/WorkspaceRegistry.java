package dev.switchboard.plugin.workspace.application;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.switchboard.plugin.workspace.domain.Code;
import dev.switchboard.plugin.workspace.domain.WorkspaceException;

/**
 * The open workspaces, in memory (a restart clears them; receipts survive). At most
 * {@link WorkspaceSettings#MAX_WORKSPACES}: opening one more reclaims the least recently used workspace that has no
 * call in progress, or is refused with {@link Code#WORKSPACE_LIMIT} when all are busy. Thread-safe: one monitor
 * guards the map and the counters; calls themselves run outside it. Once the {@link Gate} is closed (shutdown),
 * opening and calls are refused with {@link Code#BRIDGE_STOPPED}.
 */
@Singleton
public final class WorkspaceRegistry {

    private final Map<String, Workspace> open = new LinkedHashMap<>();
    private final Gate gate;
    private final WorkspaceIds ids;
    private long clock;

    @Inject
    WorkspaceRegistry(Gate gate, WorkspaceIds ids) {
        this.gate = gate;
        this.ids = ids;
    }

    /**
     * @param cwd the workspace's real directory
     * @return the new workspace
     * @throws WorkspaceException {@link Code#WORKSPACE_LIMIT} when the limit is reached and every workspace is busy,
     *                            {@link Code#BRIDGE_STOPPED} during shutdown
     */
    synchronized Workspace open(Path cwd) {
        gate.check();
        if (open.size() >= WorkspaceSettings.MAX_WORKSPACES) {
            Workspace idle = open.values().stream()
                    .filter(w -> w.activeCalls() == 0)
                    .min(Comparator.comparingLong(Workspace::lastUsed))
                    .orElseThrow(() -> new WorkspaceException(
                            Code.WORKSPACE_LIMIT,
                            "all "
                                    + WorkspaceSettings.MAX_WORKSPACES + " workspaces have calls in progress; close one"
                                    + " with workspace_close or wait for its calls to finish"));
            open.remove(idle.id());
            idle.close();
        }
        Workspace workspace = new Workspace(ids.issue(), cwd, ++clock);
        open.put(workspace.id(), workspace);
        return workspace;
    }

    /**
     * Runs work as a call in a workspace: the workspace counts as busy (and recently used) while it runs.
     *
     * @param id   the workspace id
     * @param work what to do
     * @param <T>  its result
     * @return what the work returned
     * @throws WorkspaceException {@link Code#WORKSPACE_EXPIRED} when the id was issued but is not open any more
     *                            (closed, reclaimed, or forgotten by a restart), {@link Code#INVALID_WORKSPACE} when
     *                            it was never issued ({@link WorkspaceIds}), {@link Code#BRIDGE_STOPPED} during
     *                            shutdown
     */
    public <T> T within(String id, Function<Workspace, T> work) {
        Workspace workspace;
        synchronized (this) {
            gate.check();
            workspace = open.get(id);
            if (workspace == null && !ids.issued(id)) {
                throw new WorkspaceException(
                        Code.INVALID_WORKSPACE,
                        "workspace_id " + id + " was never issued by this server (ids are lower-case, exactly as"
                                + " workspace_open returned them). Open a workspace with workspace_open and use the"
                                + " workspace_id it returns",
                        Map.of("workspace_id", id));
            }
            if (workspace == null) {
                throw new WorkspaceException(
                        Code.WORKSPACE_EXPIRED,
                        "workspace " + id + " is not open (closed,"
                                + " reclaimed, or the server restarted). Open a workspace and use its new workspace_id",
                        Map.of("workspace_id", id));
            }
            workspace.begin(++clock);
        }
        try {
            return work.apply(workspace);
        } finally {
            synchronized (this) {
                workspace.end();
            }
        }
    }

    /**
     * Removes a workspace and raises its cancellation, so its running commands are killed.
     *
     * @param id the workspace id
     * @return the closed workspace, or empty when it was not open
     */
    synchronized Optional<Workspace> close(String id) {
        Workspace workspace = open.remove(id);
        if (workspace != null) {
            workspace.close();
        }
        return Optional.ofNullable(workspace);
    }

    /**
     * Closes every workspace, raising their cancellations so their running commands are killed.
     *
     * @return how many were open
     */
    synchronized int closeAll() {
        List<Workspace> all = new ArrayList<>(open.values());
        open.clear();
        all.forEach(Workspace::close);
        return all.size();
    }

    /**
     * One open workspace as the owner's board shows it.
     *
     * @param id          the workspace id
     * @param cwd         its directory
     * @param openedAt    when it was opened
     * @param activeCalls how many of its calls are in progress
     */
    public record OpenView(String id, Path cwd, Instant openedAt, int activeCalls) {}

    /** @return the open workspaces, in the order they were opened */
    public synchronized List<OpenView> openWorkspaces() {
        return open.values().stream()
                .map(w -> new OpenView(w.id(), w.cwd(), w.openedAt(), w.activeCalls()))
                .toList();
    }

    /** @return how many workspaces are open */
    public synchronized int size() {
        return open.size();
    }
}
