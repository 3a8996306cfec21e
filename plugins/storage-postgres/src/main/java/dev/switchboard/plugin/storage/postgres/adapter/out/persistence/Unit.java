package dev.switchboard.plugin.storage.postgres.adapter.out.persistence;

import java.sql.Connection;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.locks.Condition;

import org.slf4j.MDC;

import dev.switchboard.ports.storage.SqlWork;
import dev.switchboard.ports.storage.StorageException;

/**
 * One caller's unit of work waiting in a {@link CommitLane}, and what became of it: a result, a failure for good, or
 * {@link #alone} (its run in a shared transaction did not count, and its caller runs it in a transaction of its own).
 * Whichever thread leads the batch runs it and records the outcome; the caller reads it on its own thread afterwards.
 *
 * <p>Lane fields ({@link #turn}, {@link #taken}, {@link #done}) are guarded by the lane's lock; the outcome is written
 * by the leader before it marks the unit done under that lock, so the caller reads it safely afterwards.
 *
 * @param <T> the result type
 */
final class Unit<T> {

    private final SqlWork<T> work;
    private final Set<String> published;
    private final Thread owner = Thread.currentThread();
    private final Map<String, String> logContext = MDC.getCopyOfContextMap();

    Condition turn;
    boolean taken;
    boolean done;

    private T result;
    private Throwable failure;
    private boolean alone;
    private int abortedAttempts;

    /**
     * @param work      the work, recording the topics it publishes into {@code published}
     * @param published the topics the work's current run published (filled by the work)
     */
    Unit(SqlWork<T> work, Set<String> published) {
        this.work = work;
        this.published = published;
    }

    /** @return the topics the work's last run published */
    Set<String> published() {
        return published;
    }

    /**
     * Runs the work on {@code connection}, possibly on another caller's thread: the owner's SLF4J logging context is
     * installed meanwhile, so what the work logs is attributed to its own caller. What it throws is kept as is (see
     * {@link #failure()}).
     *
     * @return whether the work returned (rather than threw)
     */
    boolean runOn(Connection connection) {
        boolean foreign = owner != Thread.currentThread();
        Map<String, String> leaderContext = foreign ? MDC.getCopyOfContextMap() : null;
        if (foreign) {
            install(logContext);
        }
        try {
            result = work.run(connection);
            failure = null;
            return true;
        } catch (Throwable e) {
            result = null;
            failure = e;
            return false;
        } finally {
            if (foreign) {
                install(leaderContext);
            }
        }
    }

    /** @return what the work threw in its run, or what the unit was failed with; null when it succeeded */
    Throwable failure() {
        return failure;
    }

    /** Replaces the work's own failure by what its caller is told (the port's translation of it). */
    void failWith(Throwable told) {
        result = null;
        failure = told;
    }

    /** Fails the unit with {@code cause} unless its own work already failed (its own failure says more). */
    void abort(Throwable cause) {
        if (failure == null) {
            result = null;
            failure = cause;
        }
    }

    /** Discards the run's outcome: the caller runs the work again, in a transaction of its own. */
    void runAlone() {
        result = null;
        failure = null;
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

    /** @return the result, or throws the failure: a RuntimeException or Error as is, anything else wrapped */
    T outcome() {
        if (failure instanceof RuntimeException e) {
            throw e;
        }
        if (failure instanceof Error e) {
            throw e;
        }
        if (failure != null) {
            throw new StorageException("PostgreSQL refused the transaction, rolled back: " + failure, failure);
        }
        return result;
    }

    private static void install(Map<String, String> context) {
        if (context == null) {
            MDC.clear();
        } else {
            MDC.setContextMap(context);
        }
    }
}
