package dev.switchboard.plugin.storage.postgres.adapter.out.persistence;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLTransientConnectionException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.locks.Lock;
import java.util.function.Supplier;

import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.pool.HikariPool;

import dev.switchboard.ports.storage.Isolation;
import dev.switchboard.ports.storage.StorageBusyException;
import dev.switchboard.ports.storage.StorageException;

/**
 * Runs one batch a {@link CommitLane} took in ONE transaction on a pooled connection, with ONE commit, so that its
 * units share the commit's WAL flush and hold a hot row (a project's sequence) for one flush instead of one each.
 *
 * <p>The units run back to back with nothing between them: no savepoint, so a unit costs only its own statements'
 * round trips (a handoff publish: one) and the batch one {@code COMMIT} more. A unit sees the writes of the units
 * before it, as it would had they committed just before. Only after the commit is any caller told "committed".
 *
 * <p>A unit that fails (throws, or returns although PostgreSQL failed the transaction under it) rolls the whole
 * batch back, so no unit's failure ever leaves part of another's writes: the first unit of the batch saw nobody
 * else's writes, so its failure is its own and its caller gets it, translated as {@link SerializableTransactions}
 * would; a later unit's failure may come from the writes before it, so that unit runs again alone, in a transaction
 * of its own (a unit that sets the isolation itself, SQLSTATE {@code 25001} after the batch's first statement, ends
 * there too). The units left then run again together, from the start, until a pass commits or none is left; each
 * pass drops one unit, so a batch of {@code n} takes at most {@code n} passes. A serialization failure or deadlock
 * (of a unit or of the commit) rolls the batch back and sends every unit still in it to run alone, with the usual
 * bounded, jittered retries, so no work's effects are ever committed twice or lost. A lost connection, or any other
 * failure of the commit, fails every unit still in the batch with the port's error (busy; "may have committed" when
 * the connection was lost during the commit); a unit that had failed keeps its own error.
 *
 * <p>Units of the batch's affinities that queued while it ran join it before its {@code COMMIT} ({@link
 * CommitLane}): they run after the others, as later units (a failing joiner runs again alone), and a pass may so take
 * more units, never more than {@value CommitLane#MAX_BATCH} in all.
 *
 * <p>While the database is unreachable ({@link OutageLog#down()}), a batch waits for its connection only what is left
 * of the connect timeout since its oldest unit was handed in, and fails at once when nothing is left: a call made
 * during an outage fails within the connect timeout, however many batches it queued behind.
 *
 * <p>A batch of one unit runs exactly the statements of a transaction of its own. Thread-safe; holds the shared side
 * of the process's contention lock while it runs.
 */
final class SharedTransaction {

    private final HikariDataSource pool;
    private final long connectTimeoutMs;
    private final SerializableTransactions transactions;
    private final Counters counters;
    private final OutageLog outages;
    private final SignalLog log;

    /** @param log where a commit's topics are appended */
    SharedTransaction(
            HikariDataSource pool,
            long connectTimeoutMs,
            SerializableTransactions transactions,
            Counters counters,
            OutageLog outages,
            SignalLog log) {
        this.pool = pool;
        this.connectTimeoutMs = connectTimeoutMs;
        this.transactions = transactions;
        this.counters = counters;
        this.outages = outages;
        this.log = log;
    }

    /**
     * Runs the units at {@code isolation}, recording in each its result, its error, or that it must run alone; before
     * each commit, the units {@code joiners} gives (late units of the batch's affinities, appended to {@code units})
     * run in the same transaction, after the others.
     */
    void run(List<Unit<?>> units, Isolation isolation, Supplier<List<Unit<?>>> joiners) {
        Lock turn = transactions.sharedTurn();
        turn.lock();
        try {
            List<Unit<?>> together = new ArrayList<>(units);
            Exception batchFailure = attempt(together, isolation, joiners);
            settle(units, together, batchFailure);
        } finally {
            turn.unlock();
        }
    }

    /**
     * Runs passes over {@code together} as the class comment says, removing from it each unit that failed for good
     * or must run alone; what is left at the end committed, or failed with the returned error.
     *
     * @return null when the units left committed (or none was left), or why the whole batch failed
     */
    private Exception attempt(List<Unit<?>> together, Isolation isolation, Supplier<List<Unit<?>>> joiners) {
        Connection connection;
        try {
            connection = connect(together);
        } catch (SQLException e) {
            return e;
        }
        try (connection) {
            connection.setAutoCommit(false);
            try {
                while (!together.isEmpty()) {
                    begin(connection, isolation);
                    int failed = runUnits(connection, together, 0);
                    List<Unit<?>> late;
                    while (failed < 0 && !(late = joiners.get()).isEmpty()) {
                        int from = together.size();
                        together.addAll(late);
                        failed = runUnits(connection, together, from);
                    }
                    if (failed < 0) {
                        log.commit(connection, published(together));
                        outages.answered();
                        return null;
                    }
                    Unit<?> unit = together.get(failed);
                    rollback(connection, unit.failure());
                    if (Failure.of(unit.failure()) == Failure.RETRY) {
                        retryAlone(together);
                        together.clear();
                    } else if (Failure.isConnectionLoss(unit.failure()) && unit.failure() instanceof Exception lost) {
                        // the whole batch is gone with the connection
                        return lost;
                    } else {
                        if (failed > 0) {
                            unit.runAlone();
                        }
                        together.remove(failed);
                    }
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

    /**
     * @return a pooled connection: within the connect timeout, or during an outage within what is left of it since the
     *     oldest unit was handed in
     * @throws SQLException as the pool's timeout (SQLSTATE {@code 08001}) when nothing is left of it
     */
    private Connection connect(List<Unit<?>> units) throws SQLException {
        if (!outages.down()) {
            return pool.getConnection();
        }
        long oldest = units.stream().mapToLong(Unit::submittedAt).min().orElse(System.nanoTime());
        long leftMs = connectTimeoutMs - (System.nanoTime() - oldest) / 1_000_000L;
        if (leftMs <= 0) {
            throw new SQLTransientConnectionException(
                    "no connection within the connect timeout while PostgreSQL is unreachable", "08001");
        }
        return ((HikariPool) pool.getHikariPoolMXBean()).getConnection(leftMs);
    }

    /**
     * Runs the units from index {@code from} on, one after another in the open transaction, stopping at the first that
     * fails.
     *
     * @return the index of the unit that failed, or -1 when all returned with the transaction intact
     */
    private static int runUnits(Connection connection, List<Unit<?>> units, int from) throws SQLException {
        for (int i = from; i < units.size(); i++) {
            Unit<?> unit = units.get(i);
            if (!unit.runOn(connection)) {
                return i;
            }
            if (SerializableTransactions.aborted(connection)) {
                unit.failWith(SerializableTransactions.swallowed()); // it swallowed an error
                return i;
            }
        }
        return -1;
    }

    private static void begin(Connection connection, Isolation isolation) throws SQLException {
        if (isolation == Isolation.SERIALIZABLE) {
            execute(connection, SerializableTransactions.SET_SERIALIZABLE); // sent with the BEGIN: one round trip
        }
    }

    /**
     * Tells each unit what its caller learns, and counts the ends.
     *
     * @param together the units still in the batch at its end: committed, or failed with {@code batchFailure}
     */
    private void settle(List<Unit<?>> units, List<Unit<?>> together, Exception batchFailure) {
        Failure batchKind = batchFailure == null ? null : Failure.of(batchFailure);
        if (batchKind == Failure.RETRY) {
            retryAlone(together);
        }
        RuntimeException told =
                batchFailure == null || batchKind == Failure.RETRY ? null : whole(batchFailure, batchKind);
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
            if (unit.failure() == null) {
                topics.addAll(unit.published());
            }
        }
        return topics;
    }

    /** Sends every unit to be retried alone after a serialization failure or deadlock aborted the batch they were in. */
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
