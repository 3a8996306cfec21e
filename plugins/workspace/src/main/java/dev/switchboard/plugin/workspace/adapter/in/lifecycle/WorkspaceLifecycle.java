package dev.switchboard.plugin.workspace.adapter.in.lifecycle;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import org.pf4j.Extension;

import dev.switchboard.plugin.workspace.application.OrphanedCommands;
import dev.switchboard.plugin.workspace.application.ReceiptRetention;
import dev.switchboard.plugin.workspace.application.WorkspaceShutdown;
import dev.switchboard.ports.plugin.ManagedService;

/**
 * Start: kills the {@code bash} commands a dead server on this state directory left running and records them in
 * their receipts ({@link OrphanedCommands}), prunes the request-key receipts beyond their limits at once, then again every {@link #PRUNE_EVERY}, on a
 * virtual (daemon) thread, so the server's start does not wait for it. Stop, at the beginning of an orderly shutdown:
 * the pruning ends, new calls are refused ({@code BRIDGE_STOPPED}), every workspace is closed (running commands are
 * killed with their process trees), and the running calls get up to {@link #SETTLE} to record their outcomes.
 * Thread-safe: the kernel calls start and stop one at a time.
 */
@Extension
@Singleton
public final class WorkspaceLifecycle implements ManagedService {

    /** How often receipts are pruned after start. */
    static final Duration PRUNE_EVERY = Duration.ofHours(1);
    /** How long stop waits for running calls to record their outcomes. */
    static final Duration SETTLE = Duration.ofSeconds(5);

    private final ReceiptRetention retention;
    private final WorkspaceShutdown shutdown;
    private final OrphanedCommands orphans;
    private ScheduledExecutorService pruning;

    @Inject
    WorkspaceLifecycle(ReceiptRetention retention, WorkspaceShutdown shutdown, OrphanedCommands orphans) {
        this.retention = retention;
        this.shutdown = shutdown;
        this.orphans = orphans;
    }

    @Override
    public synchronized void start() {
        pruning = Executors.newSingleThreadScheduledExecutor(
                Thread.ofVirtual().name("workspace-receipt-retention").factory());
        // First what a dead server left running, so its receipts are recorded before any pruning.
        pruning.execute(orphans::reapQuietly);
        retention.pruneAtStart(pruning);
        pruning.scheduleWithFixedDelay(
                retention::pruneQuietly, PRUNE_EVERY.toMinutes(), PRUNE_EVERY.toMinutes(), TimeUnit.MINUTES);
    }

    @Override
    public synchronized void stop() {
        if (pruning != null) {
            // The hourly pruning ends; a start-up pruning still under way gets a moment to finish before storage goes.
            pruning.shutdown();
            try {
                pruning.awaitTermination(SETTLE.toMillis(), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            pruning.shutdownNow();
            pruning = null;
        }
        shutdown.stop(SETTLE);
    }
}
