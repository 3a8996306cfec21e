package dev.switchboard.ports.exec;

import java.util.List;

import dev.switchboard.ports.call.Cancellation;

/**
 * Runs external processes. The kernel provides it to every plugin. Thread-safe; {@link #run} blocks the calling
 * (virtual) thread.
 */
public interface ProcessExecutor {

    /**
     * Runs a process to its end. On timeout or cancellation the whole process tree (children and grandchildren) is
     * killed, so that a grandchild holding the output pipes cannot keep the call waiting.
     *
     * @param spec         what to run
     * @param cancellation kills the tree when raised
     * @return how it ended
     * @throws ProcessStartException if the process cannot be started (no such program, cwd missing)
     */
    ProcessOutcome run(ProcessSpec spec, Cancellation cancellation);

    /**
     * Finds the processes that runs of a server no longer alive left behind (the server was killed, or crashed,
     * while they ran, and they were re-parented), kills them with their trees, and says what it killed. Only runs
     * whose {@link ProcessSpec#label} starts with {@code labelPrefix} are touched, so each caller reaps its own.
     * Runs of servers still alive are never touched. Blocks for up to a few seconds (a grace between asking the
     * processes to terminate and killing them).
     *
     * @param labelPrefix the start of the labels to reap, not empty
     * @return the runs killed, one entry per run; empty where the platform cannot tell (the default)
     */
    default List<OrphanedRun> reapOrphans(String labelPrefix) {
        return List.of();
    }
}
