package dev.switchboard.plugin.workspace.application;

import java.time.Clock;
import java.util.List;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.switchboard.plugin.workspace.application.port.out.ReceiptStore;
import dev.switchboard.ports.exec.OrphanedRun;
import dev.switchboard.ports.exec.ProcessExecutor;

/**
 * {@code bash} commands that outlived their server (killed by SIGKILL, the OOM killer, a crash): every run is
 * labelled {@code ws-<state key>:<receipt id>}, where the state key stands for this state directory, so that the
 * next start on the same state directory can find what a dead server left running, kill it with its process tree
 * ({@link ProcessExecutor#reapOrphans}), and record it in the run's receipt (then {@code failed} with
 * {@code COMMAND_CANCELLED} and a note saying when and which processes). Runs of a server still alive are never
 * touched. Thread-safe.
 */
@Singleton
public final class OrphanedCommands {

    private static final Logger LOG = LoggerFactory.getLogger(OrphanedCommands.class);

    private final ProcessExecutor executor;
    private final ReceiptStore store;
    private final String prefix;
    private final Clock clock;

    @Inject
    OrphanedCommands(ProcessExecutor executor, ReceiptStore store, WorkspaceSettings settings) {
        this.executor = executor;
        this.store = store;
        this.prefix = "ws-" + settings.stateKey() + ":";
        this.clock = Clock.systemUTC();
    }

    /**
     * @param receiptId a run's receipt id
     * @return the label its processes carry
     */
    String labelFor(String receiptId) {
        return prefix + receiptId;
    }

    /**
     * Kills what dead servers on this state directory left running and records it in the receipts; a failure is
     * logged, not thrown (the server starts anyway).
     *
     * @return how many runs were killed, or -1 when the search failed
     */
    public int reapQuietly() {
        try {
            List<OrphanedRun> runs = executor.reapOrphans(prefix);
            for (OrphanedRun run : runs) {
                String note = "killed at " + clock.instant() + " by the next start: pids " + run.pids();
                boolean recorded = store.recordOrphansKilled(run.label().substring(prefix.length()), note);
                LOG.warn(
                        "a bash command left running by a server that died was killed (pids {}){}",
                        run.pids(),
                        recorded ? "; its receipt records it" : "; it had no started receipt");
            }
            return runs.size();
        } catch (RuntimeException e) {
            LOG.warn("could not look for bash commands left running by a server that died", e);
            return -1;
        }
    }
}
