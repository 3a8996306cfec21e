package dev.switchboard.plugin.storage.postgres.adapter.out.persistence;

import java.util.Set;

import dev.switchboard.ports.storage.SqlWork;
import dev.switchboard.storage.groupcommit.QueuedWork;

/**
 * One caller's unit of work waiting in a {@link CommitLane} (the bookkeeping both adapters share is
 * {@link QueuedWork}'s), with what PostgreSQL's group commit adds: the topics the work published, and whether its run in
 * a shared transaction did not count and its caller runs it in a transaction of its own ({@link #alone}). Thread-safety
 * as {@link QueuedWork}'s: the leader writes, the caller reads after the lane marked the unit done.
 *
 * @param <T> the result type
 */
final class Unit<T> extends QueuedWork<T> {

    private final Set<String> published;
    private final String affinity;
    private final long submittedAt = System.nanoTime();
    private boolean alone;
    private int abortedAttempts;

    /**
     * @param work      the work, recording the topics it publishes into {@code published}
     * @param published the topics the work's current run published (filled by the work)
     * @param affinity  the hot row the work contends on ({@link dev.switchboard.ports.storage.SqlStorage#transaction(
     *                  dev.switchboard.ports.storage.Isolation, String, SqlWork)}), or null
     */
    Unit(SqlWork<T> work, Set<String> published, String affinity) {
        super(work);
        this.published = published;
        this.affinity = affinity;
    }

    /** @return when the caller handed the unit in, {@link System#nanoTime()} */
    long submittedAt() {
        return submittedAt;
    }

    /** @return the hot row the work contends on, or null: a {@link CommitLane} runs units of one affinity together */
    String affinity() {
        return affinity;
    }

    /** @return the topics the work's last run published */
    Set<String> published() {
        return published;
    }

    /** Discards the run's outcome: the caller runs the work again, in a transaction of its own. */
    void runAlone() {
        reset();
        alone = true;
    }

    /**
     * Discards the run's outcome, a serialization failure or deadlock having aborted the shared transaction: the
     * caller retries the work in a transaction of its own, counting this attempt.
     */
    void retryAlone() {
        runAlone();
        abortedAttempts++;
    }

    /** @return how many of the work's attempts a serialization failure or deadlock aborted so far */
    int abortedAttempts() {
        return abortedAttempts;
    }

    /** @return whether the caller must run the work in a transaction of its own */
    boolean alone() {
        return alone;
    }
}
