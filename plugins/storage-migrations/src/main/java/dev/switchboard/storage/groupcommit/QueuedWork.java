package dev.switchboard.storage.groupcommit;

import java.sql.Connection;
import java.util.Map;
import java.util.concurrent.locks.Condition;

import org.slf4j.MDC;

import dev.switchboard.ports.storage.SqlWork;
import dev.switchboard.ports.storage.StorageException;

/**
 * One caller's unit of work waiting in a storage adapter's commit queue, and what became of it. The caller creates it
 * on its own thread and queues it; whichever thread leads the batch it lands in runs it ({@link #runOn}) and records
 * the outcome; the queue then marks it done ({@link #markDone}) and the caller returns or throws the outcome
 * ({@link #outcome}) on its own thread. Adapters extend it with what their queue needs besides (an exclusive body, the
 * topics the work published, a rerun alone).
 *
 * <p>Thread-safety: the queue fields ({@link #turn()}, {@link #taken()}, {@link #done()}) MUST be read and written
 * only under the queue's lock, which {@link #waitOn} received the condition of. The outcome is written by the leader
 * before it marks the unit done under that lock, so the caller reads it safely once it has seen {@link #done()}.
 *
 * @param <T> the work's result type
 */
public class QueuedWork<T> {

    private final SqlWork<T> work;
    private final Thread owner = Thread.currentThread();
    private final Map<String, String> logContext = MDC.getCopyOfContextMap();

    private Condition turn;
    private boolean taken;
    private boolean done;

    private T result;
    private Throwable failure;

    /**
     * Captures the calling thread and its SLF4J logging context as the owner's.
     *
     * @param work the work; null for a request that runs no {@link SqlWork} (an adapter's exclusive body)
     */
    protected QueuedWork(SqlWork<T> work) {
        this.work = work;
    }

    /** Under the queue's lock: records the condition the caller waits on for its turn. */
    public final void waitOn(Condition turn) {
        this.turn = turn;
    }

    /** @return the condition the caller waits on (under the queue's lock) */
    public final Condition turn() {
        return turn;
    }

    /** Under the queue's lock: a leader took the unit into its batch (the caller must wait for the outcome). */
    public final void markTaken() {
        taken = true;
    }

    /** @return whether a leader took the unit into a batch (under the queue's lock) */
    public final boolean taken() {
        return taken;
    }

    /** Under the queue's lock: the unit has its outcome; wakes its caller. */
    public final void markDone() {
        done = true;
        turn.signal();
    }

    /** @return whether the unit has its outcome (under the queue's lock) */
    public final boolean done() {
        return done;
    }

    /**
     * Runs the work on {@code connection}, possibly on another caller's thread: the owner's SLF4J logging context is
     * installed meanwhile, so what the work logs is attributed to its own caller. What it throws (also a checked
     * exception thrown past {@link SqlWork}'s signature) is kept as is in {@link #failure()}.
     *
     * @return whether the work returned (rather than threw)
     */
    public final boolean runOn(Connection connection) {
        boolean foreign = owner != Thread.currentThread();
        Map<String, String> leaderContext = foreign ? MDC.getCopyOfContextMap() : null;
        if (foreign) {
            install(logContext);
        }
        try {
            succeed(work.run(connection));
            return true;
        } catch (Throwable e) {
            failWith(e);
            return false;
        } finally {
            if (foreign) {
                install(leaderContext);
            }
        }
    }

    /** Records a result, clearing any earlier failure. */
    public final void succeed(T value) {
        result = value;
        failure = null;
    }

    /** Replaces the outcome by a failure: what the caller is told (the adapter's translation of the work's own). */
    public final void failWith(Throwable told) {
        result = null;
        failure = told;
    }

    /** Fails the unit with {@code cause} unless its own work already failed (its own failure says more). */
    public final void abort(Throwable cause) {
        if (failure == null) {
            failWith(cause);
        }
    }

    /** Discards the outcome: the unit is to run again. */
    protected final void reset() {
        result = null;
        failure = null;
    }

    /** @return what the work threw in its last run, or what the unit was failed with; null when it succeeded */
    public final Throwable failure() {
        return failure;
    }

    /**
     * @return the result
     * @throws RuntimeException the failure when it is one, as is; an {@link Error} likewise; any other failure wrapped
     *                          in a {@link StorageException} (adapters translate a work's {@code SQLException}s with
     *                          {@link #failWith} before this is called)
     */
    public final T outcome() {
        if (failure instanceof RuntimeException e) {
            throw e;
        }
        if (failure instanceof Error e) {
            throw e;
        }
        if (failure != null) {
            throw new StorageException("the transaction was rolled back: " + failure, failure);
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
