package dev.switchboard.kernel.exec;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import dev.switchboard.ports.exec.ProcessOutcome.Termination;

/**
 * Waits for a run to end one way or another: the process exits and its output pipes reach EOF, the deadline passes,
 * or the call is cancelled. While the process lives, its descendants are remembered every {@link #POLL_NANOS}, so a
 * grandchild that outlives its parent and keeps the pipes open can still be found and killed. Stateless.
 */
final class RunWatch {

    static final long POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(200);

    private RunWatch() {}

    /**
     * @param deadline in {@link System#nanoTime()} terms
     * @return {@link Termination#EXITED} when the process exited and both pipes drained in time; otherwise why not,
     *         leaving the tree to the caller to kill
     * @throws InterruptedException if the waiting thread is interrupted
     */
    static Termination await(
            Process process,
            ProcessTree tree,
            CompletableFuture<Void> drained,
            CompletableFuture<Void> cancelled,
            long deadline)
            throws InterruptedException {
        CompletableFuture<Object> exitedOrCancelled = CompletableFuture.anyOf(process.onExit(), cancelled);
        while (process.isAlive()) {
            if (cancelled.isDone()) {
                return Termination.CANCELLED;
            }
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return Termination.TIMED_OUT;
            }
            tree.remember();
            waitFor(exitedOrCancelled, Math.min(left, POLL_NANOS));
        }
        // The process is gone, but a descendant may still hold the pipes: wait for them, within the same deadline.
        CompletableFuture<Object> drainedOrCancelled = CompletableFuture.anyOf(drained, cancelled);
        while (!drained.isDone()) {
            if (cancelled.isDone()) {
                return Termination.CANCELLED;
            }
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return Termination.TIMED_OUT;
            }
            waitFor(drainedOrCancelled, left);
        }
        return Termination.EXITED;
    }

    private static void waitFor(CompletableFuture<?> future, long nanos) throws InterruptedException {
        try {
            future.get(nanos, TimeUnit.NANOSECONDS);
        } catch (TimeoutException | ExecutionException e) {
            // The loop re-checks what happened; neither future completes exceptionally.
        }
    }
}
