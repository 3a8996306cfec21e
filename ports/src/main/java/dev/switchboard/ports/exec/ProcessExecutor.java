package dev.switchboard.ports.exec;

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
}
