package dev.switchboard.plugin.storage.sqlite.adapter.out.persistence;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.function.Supplier;

import dev.switchboard.ports.storage.SqlWork;
import dev.switchboard.ports.storage.StorageException;
import dev.switchboard.storage.groupcommit.QueuedWork;

/**
 * One caller's request to the writer, waiting in the {@link WriteQueue} (the bookkeeping both adapters share is
 * {@link QueuedWork}'s): either a unit of work that may share a transaction with others ({@link #unit}), or a body
 * that needs the writer to itself ({@link #exclusive}), such as a migration run or closing. Thread-safety as
 * {@link QueuedWork}'s: the leader writes the outcome, the caller reads it after the queue marked the request done.
 *
 * @param <T> the result type
 */
final class Pending<T> extends QueuedWork<T> {

    private final Supplier<T> body;

    private Pending(SqlWork<T> work, Supplier<T> body) {
        super(work);
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

    /** Runs the exclusive body on the current thread (its owner's), recording what it returned or threw. */
    void runBody() {
        try {
            succeed(body.get());
        } catch (RuntimeException | Error e) {
            failWith(e);
        }
    }

    /**
     * Runs the unit's work as {@link QueuedWork#runOn(Connection)} does; a failure other than a
     * {@link RuntimeException} or {@link Error} (an {@link SQLException}, or a checked exception thrown sneakily past
     * {@link SqlWork}'s signature) becomes a {@link StorageException} naming the database file (its client message does not).
     *
     * @return whether the work returned (rather than threw)
     */
    boolean runOn(Connection connection, Path file) {
        if (runOn(connection)) {
            return true;
        }
        Throwable failure = failure();
        if (!(failure instanceof RuntimeException) && !(failure instanceof Error)) {
            String reason = failure instanceof SQLException e ? e.getMessage() : failure.toString();
            // the file is for the operator only: clients are never told a path in the state directory (ADR 14)
            failWith(new StorageException(
                    "transaction on " + file + " rolled back: " + reason,
                    "transaction rolled back: " + reason,
                    failure));
        }
        return false;
    }
}
