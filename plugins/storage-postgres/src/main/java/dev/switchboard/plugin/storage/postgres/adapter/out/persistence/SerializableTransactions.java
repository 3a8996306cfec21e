package dev.switchboard.plugin.storage.postgres.adapter.out.persistence;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Objects;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantReadWriteLock;

import javax.sql.DataSource;

import dev.switchboard.ports.storage.SqlWork;
import dev.switchboard.ports.storage.StorageBusyException;
import dev.switchboard.ports.storage.StorageException;

/**
 * Runs units of work as {@code SERIALIZABLE} transactions on pooled connections, so code written for SQLite's single
 * writer (read, then write what was read) stays correct with many concurrent writers: PostgreSQL aborts one of two
 * conflicting transactions instead of letting both commit. A unit aborted by a serialization failure or a deadlock
 * is rolled back and run again, at most {@link Backoff#attempts()} times with a jittered pause between; a unit that
 * still fails, or meets a lock or statement timeout or a lost connection, fails as {@link StorageBusyException},
 * rolled back. Thread-safe; a unit MUST NOT depend on running only once (its database writes are undone before a
 * retry, its other effects are not).
 *
 * <p>Contention escalation: a unit that has already been aborted {@value #ESCALATE_AFTER} - 1 times runs its next
 * attempts alone within this process (the other units of the process wait, and run again once it is done), so many
 * local writers on one hot row cannot starve one of them: it can then lose only to writers of other processes or
 * nodes, which the back-off spreads out. Without contention every unit takes only the shared side of that lock.
 */
final class SerializableTransactions {

    /** The attempt from which a unit runs alone in this process. */
    static final int ESCALATE_AFTER = 3;

    private final DataSource pool;
    private final Backoff backoff;
    private final Counters counters;
    private final OutageLog outages;
    private final ReentrantReadWriteLock contention = new ReentrantReadWriteLock();

    SerializableTransactions(DataSource pool, Backoff backoff, Counters counters, OutageLog outages) {
        this.pool = pool;
        this.backoff = backoff;
        this.counters = counters;
        this.outages = outages;
    }

    <T> T run(SqlWork<T> work) {
        Objects.requireNonNull(work, "work");
        for (int attempt = 1; ; attempt++) {
            Exception failure;
            // a thread already inside a unit (a nested transaction) cannot wait for the exclusive side
            Lock turn = attempt >= ESCALATE_AFTER && contention.getReadHoldCount() == 0
                    ? contention.writeLock()
                    : contention.readLock();
            turn.lock();
            try {
                T result = once(work);
                counters.committed();
                outages.answered();
                return result;
            } catch (SQLException | RuntimeException e) {
                failure = e;
            } finally {
                turn.unlock();
            }
            Failure kind = Failure.of(failure);
            if (kind == Failure.RETRY && attempt < backoff.attempts()) {
                counters.retried();
                pause(backoff.pauseMs(attempt), failure);
                continue;
            }
            counters.rolledBack(kind != Failure.OTHER);
            if (kind == Failure.BUSY && Failure.isConnectionLoss(failure)) {
                outages.failed("a transaction", reason(failure));
            }
            throw translated(failure, kind, attempt);
        }
    }

    private <T> T once(SqlWork<T> work) throws SQLException {
        try (Connection connection = pool.getConnection()) {
            connection.setAutoCommit(false);
            try {
                // the transaction's first statement, sent with its BEGIN in one round trip; it ends with the
                // transaction, so the pooled connection stays READ COMMITTED and the pool resets nothing on return
                // (setTransactionIsolation cost a SET SESSION CHARACTERISTICS round trip here and one more at return)
                try (Statement isolation = connection.createStatement()) {
                    isolation.execute("SET TRANSACTION ISOLATION LEVEL SERIALIZABLE");
                }
                T result = work.run(connection);
                connection.commit();
                return result;
            } catch (Throwable t) {
                rollback(connection, t);
                throw t;
            }
        }
    }

    private static void rollback(Connection connection, Throwable cause) {
        try {
            connection.rollback();
        } catch (SQLException e) {
            // a lost connection cannot roll back; the server rolls back what it had, and the pool drops the connection
            cause.addSuppressed(e);
        }
    }

    private static String reason(Exception failure) {
        return Failure.sqlException(failure).map(SQLException::getMessage).orElse(failure.getMessage());
    }

    private static RuntimeException translated(Exception failure, Failure kind, int attempts) {
        String reason = reason(failure);
        return switch (kind) {
            case RETRY ->
                new StorageBusyException(
                        "PostgreSQL aborted the transaction " + attempts
                                + " times in a row (serialization failure or deadlock) and it was rolled back; try"
                                + " again: " + reason,
                        failure);
            case BUSY ->
                new StorageBusyException(
                        "PostgreSQL is busy or unreachable; the transaction was rolled"
                                + " back (if the connection was lost during the commit, it may have committed): "
                                + reason,
                        failure);
            case OTHER ->
                failure instanceof RuntimeException runtime
                        ? runtime
                        : new StorageException("PostgreSQL refused the transaction, rolled back: " + reason, failure);
        };
    }

    private static void pause(long millis, Exception failure) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StorageException("interrupted while waiting to retry a transaction", failure);
        }
    }
}
