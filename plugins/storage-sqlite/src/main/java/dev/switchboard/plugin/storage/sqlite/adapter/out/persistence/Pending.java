package dev.switchboard.plugin.storage.sqlite.adapter.out.persistence;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;
import java.util.concurrent.locks.Condition;
import java.util.function.Supplier;

import org.slf4j.MDC;

import dev.switchboard.ports.storage.SqlWork;
import dev.switchboard.ports.storage.StorageException;

/**
 * One caller's request to the writer, waiting in the {@link WriteQueue}: either a unit of work that may share a
 * transaction with others ({@link #unit}), or a body that needs the writer to itself ({@link #exclusive}), such as a
 * migration run or closing. Whichever thread leads the queue runs it and records its outcome; the caller then
 * returns or throws that outcome on its own thread.
 *
 * <p>Queue fields ({@link #turn}, {@link #taken}, {@link #done}) are guarded by the queue's lock. The outcome is
 * written by the leader before it marks the request done under that lock, so the caller reads it safely afterwards.
 *
 * @param <T> the result type
 */
final class Pending<T> {

    private final SqlWork<T> work;
    private final Supplier<T> body;
    private final Thread owner = Thread.currentThread();
    private final Map<String, String> logContext = MDC.getCopyOfContextMap();

    Condition turn;
    boolean taken;
    boolean done;

    private T result;
    private Throwable failure;

    private Pending(SqlWork<T> work, Supplier<T> body) {
        this.work = work;
        this.body = body;
    }

    static <T> Pending<T> unit(SqlWork<T> work) {
        return new Pending<>(work, null);
    }

    static <T> Pending<T> exclusive(Supplier<T> body) {
        return new Pending<>(null, body);
    }

    boolean isExclusive() {
        return body != null;
    }

    SqlWork<T> work() {
        return work;
    }

    /** Runs the exclusive body on the current thread (its owner's), recording what it returned or threw. */
    void runBody() {
        try {
            succeed(body.get());
        } catch (RuntimeException | Error e) {
            failure = e;
        }
    }

    /**
     * Runs the unit's work on {@code connection}, possibly on another caller's thread: the owner's SLF4J logging
     * context is installed meanwhile, so what the work logs is attributed to its own caller.
     *
     * @return whether the work returned (rather than threw)
     */
    boolean runOn(Connection connection, Path file) {
        boolean foreign = owner != Thread.currentThread();
        Map<String, String> leaderContext = foreign ? MDC.getCopyOfContextMap() : null;
        if (foreign) {
            install(logContext);
        }
        try {
            succeed(work.run(connection));
            return true;
        } catch (SQLException e) {
            failure = new StorageException("transaction on " + file + " rolled back: " + e.getMessage(), e);
        } catch (RuntimeException | Error e) {
            failure = e;
        } catch (Throwable e) {
            // a checked exception thrown sneakily past SqlWork's signature
            failure = new StorageException("transaction on " + file + " rolled back: " + e, e);
        } finally {
            if (foreign) {
                install(leaderContext);
            }
        }
        return false;
    }

    void succeed(T value) {
        result = value;
        failure = null;
    }

    /** Fails the request with {@code cause} unless its own work already failed (its own failure says more). */
    void abort(Throwable cause) {
        if (failure == null) {
            result = null;
            failure = cause;
        }
    }

    /** @return what the request threw or was failed with, or null */
    Throwable failure() {
        return failure;
    }

    /** @return the result, or throws the failure as is (a RuntimeException or an Error) */
    T outcome() {
        if (failure instanceof RuntimeException e) {
            throw e;
        }
        if (failure instanceof Error e) {
            throw e;
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
