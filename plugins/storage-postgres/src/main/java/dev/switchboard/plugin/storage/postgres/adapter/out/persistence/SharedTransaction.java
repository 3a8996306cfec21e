package dev.switchboard.plugin.storage.postgres.adapter.out.persistence;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.Statement;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.locks.Lock;

import javax.sql.DataSource;

import dev.switchboard.ports.storage.Isolation;
import dev.switchboard.ports.storage.StorageBusyException;
import dev.switchboard.ports.storage.StorageException;

/**
 * Runs one batch a {@link CommitLane} took in ONE transaction on a pooled connection, with ONE commit, so that its
 * units share the commit's WAL flush and hold a hot row (a project's sequence) for one flush instead of one each.
 *
 * <p>With several units, each runs inside its own {@code SAVEPOINT}: a unit that throws is rolled back to it (its
 * writes vanish, the others' stay) and its caller gets its own error, translated as
 * {@link SerializableTransactions} would. A unit sees the writes of the units before it, as it would had they
 * committed just before. Only after the commit is any caller told "committed". A serialization failure or deadlock
 * (of a unit or of the commit) rolls the whole batch back and sends every unit to run alone, in a transaction of its
 * own with the usual bounded, jittered retries, so no work's effects are ever committed twice or lost. A unit that
 * sets the isolation itself (not allowed inside a savepoint, SQLSTATE {@code 25001}) is rolled back to its savepoint
 * and runs alone too. Any other failure of the savepoints or of the commit fails every unit that had succeeded with
 * the port's error (a lost connection: busy, "may have committed" when it was lost during the commit); a unit that
 * had failed keeps its own error.
 *
 * <p>A batch of one unit runs without savepoints: exactly the statements of a transaction of its own. Thread-safe;
 * holds the shared side of the process's contention lock while it runs.
 */
final class SharedTransaction {

    private static final String SAVEPOINT = "switchboard_unit";
    private static final String NEXT_UNIT = "RELEASE SAVEPOINT " + SAVEPOINT + "; SAVEPOINT " + SAVEPOINT;
    private static final String UNDO_UNIT = "ROLLBACK TO SAVEPOINT " + SAVEPOINT;

    private final DataSource pool;
    private final SerializableTransactions transactions;
    private final Counters counters;
    private final OutageLog outages;
    private final SignalLog log;

    /** @param log where a commit's topics are appended */
    SharedTransaction(
            DataSource pool,
            SerializableTransactions transactions,
            Counters counters,
            OutageLog outages,
            SignalLog log) {
        this.pool = pool;
        this.transactions = transactions;
        this.counters = counters;
        this.outages = outages;
        this.log = log;
    }

    /** Runs the units at {@code isolation}, recording in each its result, its error, or that it must run alone. */
    void run(List<Unit<?>> units, Isolation isolation) {
        Lock turn = transactions.sharedTurn();
        turn.lock();
        try {
            Exception batchFailure = attempt(units, isolation);
            settle(units, batchFailure);
        } finally {
            turn.unlock();
        }
    }

    /** @return null when the batch committed (or had nothing to commit), or why the whole batch failed */
    private Exception attempt(List<Unit<?>> units, Isolation isolation) {
        boolean savepoints = units.size() > 1;
        Connection connection;
        try {
            connection = pool.getConnection();
        } catch (SQLException e) {
            return e;
        }
        try (connection) {
            connection.setAutoCommit(false);
            try {
                begin(connection, isolation, savepoints);
                boolean anyCommits = false;
                for (int i = 0; i < units.size(); i++) {
                    Unit<?> unit = units.get(i);
                    boolean last = i == units.size() - 1;
                    if (unit.runOn(connection)) {
                        anyCommits |= savepoints && !last ? nextUnit(connection, unit) : true;
                        continue;
                    }
                    Failure kind = Failure.of(unit.failure());
                    if (kind == Failure.RETRY) {
                        rollback(connection, unit.failure());
                        retryAlone(units);
                        return null;
                    }
                    if (Failure.isConnectionLoss(unit.failure()) && unit.failure() instanceof Exception lost) {
                        // nothing to roll back to: the whole batch is gone with the connection
                        rollback(connection, lost);
                        return lost;
                    }
                    if (savepoints) {
                        execute(connection, UNDO_UNIT);
                        if (setsIsolationItself(unit.failure())) {
                            unit.runAlone();
                        }
                    }
                }
                if (anyCommits) {
                    log.commit(connection, published(units));
                    outages.answered();
                } else {
                    connection.rollback();
                }
                return null;
            } catch (SQLException | RuntimeException e) {
                rollback(connection, e);
                return closed(connection) && Failure.of(e) == Failure.OTHER
                        // the pool closed it after a fatal error (its message has no SQLSTATE): a lost connection
                        ? new SQLNonTransientConnectionException(
                                "the connection to PostgreSQL was lost: " + e.getMessage(), "08003", e)
                        : e;
            }
        } catch (SQLException closing) {
            // the pool drops a connection that fails to close; the outcome above stands
            return null;
        }
    }

    private static void begin(Connection connection, Isolation isolation, boolean savepoints) throws SQLException {
        String serializable = isolation == Isolation.SERIALIZABLE ? SerializableTransactions.SET_SERIALIZABLE : null;
        String savepoint = savepoints ? "SAVEPOINT " + SAVEPOINT : null;
        if (serializable != null && savepoint != null) {
            execute(connection, serializable + "; " + savepoint); // one round trip, sent with the BEGIN
        } else if (serializable != null || savepoint != null) {
            execute(connection, serializable != null ? serializable : savepoint);
        }
    }

    /**
     * Keeps the unit's writes and opens the next unit's savepoint (one round trip).
     *
     * @return true; false when the unit returned although the database had failed it (it swallowed an error): then
     *         it is rolled back to its savepoint and fails
     */
    private static boolean nextUnit(Connection connection, Unit<?> unit) throws SQLException {
        try {
            execute(connection, NEXT_UNIT);
            return true;
        } catch (SQLException swallowed) {
            execute(connection, UNDO_UNIT);
            unit.failWith(new StorageException(
                    "the work returned after PostgreSQL had failed its transaction; rolled back: "
                            + swallowed.getMessage(),
                    swallowed));
            return false;
        }
    }

    /** Tells each unit what its caller learns, and counts the ends. */
    private void settle(List<Unit<?>> units, Exception batchFailure) {
        Failure batchKind = batchFailure == null ? null : Failure.of(batchFailure);
        if (batchKind == Failure.RETRY) {
            retryAlone(units);
            return;
        }
        RuntimeException told = batchFailure == null ? null : whole(batchFailure, batchKind);
        for (Unit<?> unit : units) {
            if (unit.alone()) {
                continue;
            }
            Throwable own = unit.failure();
            if (own == null && told == null) {
                counters.committed();
            } else if (own == null) {
                unit.failWith(told);
                counters.rolledBack(batchKind != Failure.OTHER);
            } else {
                Failure kind = Failure.of(own);
                counters.rolledBack(kind != Failure.OTHER);
                if (own instanceof Exception e) {
                    unit.failWith(SerializableTransactions.translated(e, kind, 1));
                }
            }
        }
    }

    private RuntimeException whole(Exception failure, Failure kind) {
        if (kind == Failure.BUSY && Failure.isConnectionLoss(failure)) {
            outages.failed("a transaction", SerializableTransactions.reason(failure));
        }
        RuntimeException told = SerializableTransactions.translated(failure, kind, 1);
        return told instanceof StorageBusyException || told instanceof StorageException
                ? told
                : new StorageException("PostgreSQL rolled back the shared transaction: " + told.getMessage(), told);
    }

    /** @return the topics the units that succeeded published */
    private static Set<String> published(List<Unit<?>> units) {
        Set<String> topics = new LinkedHashSet<>();
        for (Unit<?> unit : units) {
            if (unit.failure() == null && !unit.alone()) {
                topics.addAll(unit.published());
            }
        }
        return topics;
    }

    /** Sends every unit to be retried alone after a serialization failure or deadlock aborted their batch. */
    private void retryAlone(List<Unit<?>> units) {
        for (Unit<?> unit : units) {
            unit.retryAlone();
            counters.retried();
        }
    }

    private static boolean closed(Connection connection) {
        try {
            return connection.isClosed();
        } catch (SQLException e) {
            return true;
        }
    }

    /** SQLSTATE 25001: {@code SET TRANSACTION ISOLATION LEVEL} inside a savepoint or after the first query. */
    private static boolean setsIsolationItself(Throwable failure) {
        return Failure.sqlException(failure)
                .map(e -> "25001".equals(e.getSQLState()))
                .orElse(false);
    }

    private static void execute(Connection connection, String sql) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }

    private static void rollback(Connection connection, Throwable cause) {
        try {
            connection.rollback();
        } catch (SQLException e) {
            cause.addSuppressed(e);
        }
    }
}
