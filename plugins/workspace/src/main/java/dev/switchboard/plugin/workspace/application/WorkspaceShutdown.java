package dev.switchboard.plugin.workspace.application;

import java.time.Duration;

import jakarta.inject.Inject;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.switchboard.plugin.workspace.domain.Code;

/**
 * The plugin's part of an orderly shutdown: new calls are refused ({@link Code#BRIDGE_STOPPED}), every workspace is
 * closed (its running commands are killed with their whole process tree, as {@code workspace_close} does), and the
 * running calls get a bounded time to settle, so each records its outcome (a killed command as {@code failed},
 * {@link Code#COMMAND_CANCELLED}) while the storage is still open; then an empty command-output directory is removed
 * (ADR 14). Thread-safe; idempotent.
 */
public final class WorkspaceShutdown {

    private static final Logger LOG = LoggerFactory.getLogger(WorkspaceShutdown.class);

    private final Gate gate;
    private final WorkspaceRegistry registry;
    private final RequestKeys keys;
    private final CommandOutputFiles outputs;

    @Inject
    WorkspaceShutdown(Gate gate, WorkspaceRegistry registry, RequestKeys keys, CommandOutputFiles outputs) {
        this.gate = gate;
        this.registry = registry;
        this.keys = keys;
        this.outputs = outputs;
    }

    /**
     * @param settle how long to wait for running calls to record their outcomes
     * @return whether every running call settled in time
     */
    public boolean stop(Duration settle) {
        long deadline = System.nanoTime() + settle.toNanos();
        gate.close();
        int closed = registry.closeAll();
        boolean settled = keys.awaitSettled(deadline);
        if (settled) {
            outputs.removeIfEmpty();
        }
        if (settled) {
            LOG.debug("workspace plugin stopped: {} workspace(s) closed", closed);
        } else {
            LOG.warn(
                    "workspace plugin stopped: {} workspace(s) closed, but calls were still running after {} ms;"
                            + " their receipts stay 'started' and will replay as OUTCOME_UNCERTAIN",
                    closed,
                    settle.toMillis());
        }
        return settled;
    }
}
