package dev.switchboard.plugin.storage.postgres.adapter.out.persistence;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantReadWriteLock;

import javax.sql.DataSource;

import org.postgresql.core.BaseConnection;
import org.postgresql.core.TransactionState;

import dev.switchboard.ports.storage.Isolation;
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

    /** The statement that makes a transaction {@code SERIALIZABLE}; valid only as its first. */
    static final String SET_SERIALIZABLE = "SET TRANSACTION ISOLATION LEVEL SERIALIZABLE";

    /** The attempt from which a unit runs alone in this process. */
    static final int ESCALATE_AFTER = 3;

    private final DataSource pool;
    private final Backoff backoff;
    private final Counters counters;
    private final OutageLog outages;
    private final SignalLog log;
    private final ReentrantReadWriteLock contention = new ReentrantReadWriteLock();

    /** @param log where a commit's topics are appended */
    SerializableTransactions(DataSource pool, Backoff backoff, Counters counters, OutageLog outages, SignalLog log) {
        this.log = log;
        this.pool = pool;
        this.backoff = backoff;
        this.counters = counters;
        this.outages = outages;
    }

    /**
     * Runs the work in a transaction of its own, retried as the class comment says.
     *
     * @param published the topics the work's current run publishes (filled by the work), appended to the
     *                  {@link SignalLog} with the commit
     * @param isolation {@link Isolation#SERIALIZABLE}, or {@link Isolation#READ_COMMITTED} for the connection's own
     *                  level (the pool's connections stay at the server's default, {@code READ COMMITTED}, so no
     *                  statement is sent for it)
     */
    <T> T run(Isolation isolation, SqlWork<T> work, Set<String> published) {
        return run(isolation, work, published, 1);
    }

    /**
     * Runs the work as {@link #run(Isolation, SqlWork)} does, its first attempt(s) having been made already in a
     * shared transaction that a serialization failure or deadlock aborted: the pause and the count go on from there.
     *
     * @param failedAttempts how many attempts were made and aborted, 0 or more
     */
    <T> T retry(Isolation isolation, SqlWork<T> work, Set<String> published, int failedAttempts) {
        if (failedAttempts > 0) {
            pause(backoff.pauseMs(failedAttempts), null);
        }
        return run(isolation, work, published, failedAttempts + 1);
    }

    private <T> T run(Isolation isolation, SqlWork<T> work, Set<String> published, int firstAttempt) {
        Objects.requireNonNull(work, "work");
        for (int attempt = firstAttempt; ; attempt++) {
            Exception failure;
            // a thread already inside a unit (a nested transaction) cannot wait for the exclusive side
            Lock turn = attempt >= ESCALATE_AFTER && contention.getReadHoldCount() == 0
                    ? contention.writeLock()
                    : contention.readLock();
            turn.lock();
            try {
                T result = once(isolation, work, published);
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

    /** @return whether the current thread runs a unit of work already (a transaction called from it would nest) */
    boolean insideTransaction() {
        return contention.getReadHoldCount() > 0 || contention.isWriteLockedByCurrentThread();
    }

    /**
     * @return the lock a shared transaction of several units holds while it runs: the shared side of the contention
     *         lock, so that an escalated unit still runs alone in the process
     */
    Lock sharedTurn() {
        return contention.readLock();
    }

    private <T> T once(Isolation isolation, SqlWork<T> work, Set<String> published) throws SQLException {
        try (Connection connection = pool.getConnection()) {
            connection.setAutoCommit(false);
            try {
                if (isolation == Isolation.SERIALIZABLE) {
                    // the transaction's first statement, sent with its BEGIN in one round trip; it ends with the
                    // transaction, so the pooled connection stays READ COMMITTED and the pool resets nothing on
                    // return (setTransactionIsolation cost a SET SESSION CHARACTERISTICS round trip here and one
                    // more at return)
                    try (Statement statement = connection.createStatement()) {
                        statement.execute(SET_SERIALIZABLE);
                    }
                }
                T result = work.run(connection);
                if (aborted(connection)) {
                    throw swallowed();
                }
                log.commit(connection, published);
                return result;
            } catch (Throwable t) {
                rollback(connection, t);
                throw t;
            }
        }
    }

    /**
     * @return whether PostgreSQL has failed the connection's open transaction (a statement failed and the work went
     *         on): its {@code COMMIT} would silently roll back. Known to the driver without a round trip.
     */
    static boolean aborted(Connection connection) throws SQLException {
        return connection.unwrap(BaseConnection.class).getTransactionState() == TransactionState.FAILED;
    }

    /** @return what the caller of a work that returned in an {@link #aborted} transaction is told */
    static StorageException swallowed() {
        return new StorageException("the work returned after PostgreSQL had failed its transaction; rolled back");
    }

    private static void rollback(Connection connection, Throwable cause) {
        try {
            connection.rollback();
        } catch (SQLException e) {
            // a lost connection cannot roll back; the server rolls back what it had, and the pool drops the connection
            cause.addSuppressed(e);
        }
    }

    static String reason(Throwable failure) {
        return Failure.sqlException(failure).map(SQLException::getMessage).orElse(failure.getMessage());
    }

    /**
     * @return what the caller of a unit that failed for good is told: the port's busy error for {@link Failure#BUSY}
     *         and exhausted retries, a {@link RuntimeException} of the work as is, a {@link StorageException} for an
     *         {@link SQLException}
     */
    static RuntimeException translated(Exception failure, Failure kind, int attempts) {
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
        if (millis == 0) {
            return;
        }
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StorageException("interrupted while waiting to retry a transaction", failure);
        }
    }
}
