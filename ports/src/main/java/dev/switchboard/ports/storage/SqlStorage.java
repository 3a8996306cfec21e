package dev.switchboard.ports.storage;

import java.util.List;
import java.util.Optional;

import javax.sql.DataSource;

import dev.switchboard.ports.signal.ChangeSignals;
import dev.switchboard.ports.signal.SignalRelay;
import dev.switchboard.ports.tool.Outcome;

/**
 * Transactional SQL access to the server's one database. Implemented by a storage adapter plugin; injected into
 * feature plugins. Thread-safe.
 *
 * <p>The unit of work: {@link #snapshot(SqlWork)} reads, {@link #transaction(SqlWork)} (and its isolation and
 * affinity variants) writes, {@link #write(Isolation, String, String, SqlWork)} writes a use case's
 * {@link Outcome} with its change signal. Whether the database is busy or unreachable is decided inside the adapter,
 * which retries where its backend needs it and then throws {@link StorageBusyException}: a feature plugin reads no
 * SQLSTATE, no driver error code and no backend name, and retries nothing itself (ADR 49).
 */
public interface SqlStorage {

    /** @return the backend's name, such as {@code sqlite} */
    String backend();

    /**
     * @return where the data lives, for operators: a file path, or a JDBC URL without credentials (no user-info, no
     *         {@code user} or {@code password} parameter)
     */
    String location();

    /**
     * @return where the data lives as any client may be shown it (such as {@code server_info}): nothing of the network
     *         (no host, address or port) and no credential; a database name for a server, the file path for an
     *         embedded database. By default {@link #location()}, which an adapter whose location names a host MUST
     *         override
     */
    default String clientLocation() {
        return location();
    }

    /** @return the SQL dialect */
    SqlDialect dialect();

    /**
     * @return a data source for reads outside a transaction; connections MUST be closed by the caller. Writes SHOULD
     *         go through {@link #transaction(SqlWork)}.
     */
    DataSource dataSource();

    /**
     * Runs work in one transaction: committed when it returns, rolled back when it throws. Transactions are
     * serializable on every backend: writers are serialised by the adapter where the backend needs it (SQLite), or
     * run as {@code SERIALIZABLE} transactions that the adapter retries when the database aborts one of two
     * conflicting ones (PostgreSQL). The work therefore MAY run more than once, each run rolled back before the
     * next, and MUST NOT have effects outside the database that cannot be repeated; it SHOULD be short. A work
     * that keeps its own invariants by row locks and unique keys SHOULD say so through
     * {@link #transaction(Isolation, SqlWork)} (handoff's writes run {@code READ COMMITTED} on PostgreSQL, locking
     * the project row). A work that lowers its isolation itself, as its first statement, still works, but on
     * PostgreSQL it cannot share a transaction with others (the adapter then runs it alone).
     *
     * <p>Concurrent calls MAY be run in one database transaction with one commit (group commit), each work inside a
     * savepoint of its own: a work that throws is rolled back to its savepoint alone and its caller gets its own
     * exception, the others commit; every caller returns only after the shared commit, and a work sees the writes of
     * the works run before it in that transaction. A work MUST therefore not depend on the thread it runs on (it may
     * run on another caller's) nor on being the transaction's only work.
     *
     * @param work the work
     * @param <T>  its result type
     * @return what the work returned
     * @throws StorageBusyException if the database stayed locked or busy, timed out, or lost the connection, after
     *                              the adapter's own retries; nothing of the work is committed, and the same work
     *                              may succeed later. One exception no adapter can rule out: when the connection
     *                              is lost during the commit itself, the outcome is unknown (the message says so),
     *                              so a retry must be safe to repeat (an idempotency key, a request key)
     * @throws StorageException     if the database fails or the work throws {@link java.sql.SQLException}; a
     *                              {@link RuntimeException} from the work is rethrown as is after the rollback
     *                              (unless its cause is a busy database: then {@link StorageBusyException})
     */
    <T> T transaction(SqlWork<T> work);

    /**
     * Like {@link #transaction(SqlWork)}, at the isolation the work asks for, which the adapter MAY make stricter
     * (never weaker). A work that asks for {@link Isolation#READ_COMMITTED} here MUST NOT also set the isolation
     * itself: the PostgreSQL adapter may run it inside a transaction shared with other callers' works (its group
     * commit, each work in a savepoint of its own), where the isolation is set once for all.
     *
     * @param isolation what the work needs, {@link Isolation#SERIALIZABLE} being what {@link #transaction(SqlWork)}
     *                  gives
     * @param work      the work
     * @param <T>       its result type
     * @return what the work returned
     * @throws StorageBusyException as {@link #transaction(SqlWork)}
     * @throws StorageException     as {@link #transaction(SqlWork)}
     */
    default <T> T transaction(Isolation isolation, SqlWork<T> work) {
        return transaction(work);
    }

    /**
     * Like {@link #transaction(Isolation, SqlWork)}, naming the hot row the work locks first, so that an adapter with
     * group commit runs concurrent works of the same affinity in the SAME shared transaction (where they take the
     * row's lock once, one after another on one connection) rather than in concurrent shared transactions that would
     * only wait on each other's lock until the first commits (PostgreSQL). Works of different affinities still run in
     * parallel transactions. A scheduling hint only: it changes no guarantee, and an adapter MAY ignore it (SQLite,
     * whose one writer runs every batch alone, does).
     *
     * @param isolation as {@link #transaction(Isolation, SqlWork)}
     * @param affinity  the row the work contends on, as a string unique across plugins (prefix it with the plugin's
     *                  id, such as {@code handoff.project:<key>}); null when the work has no hot row (then as
     *                  {@link #transaction(Isolation, SqlWork)})
     * @param work      the work
     * @param <T>       its result type
     * @return what the work returned
     * @throws StorageBusyException as {@link #transaction(SqlWork)}
     * @throws StorageException     as {@link #transaction(SqlWork)}
     */
    default <T> T transaction(Isolation isolation, String affinity, SqlWork<T> work) {
        return transaction(isolation, work);
    }

    /**
     * Runs read-only work on one consistent snapshot of the database: every query of the work sees the same committed
     * state, and nothing the work writes is kept (the snapshot is rolled back at the end). On PostgreSQL a pooled
     * connection runs {@code REPEATABLE READ, READ ONLY}; on SQLite a pooled reader connection holds one WAL read
     * transaction, beside the writer and other readers. The work never waits for a writer.
     *
     * <p>A database that is busy or unreachable for reading (no connection within the connect timeout, a lost
     * connection, a server shutting down, SQLite's {@code SQLITE_BUSY}) is retried by the adapter where its backend
     * needs it (SQLite: as {@link #transaction(SqlWork)}), then reported as {@link StorageBusyException}. Unlike
     * {@link #transaction(SqlWork)}, the work runs exactly once per attempt and is never shared with other callers'
     * works; it MAY run again after a busy attempt, so it MUST NOT have effects outside the database.
     *
     * @param work the reads; MUST NOT commit, close or keep the connection, nor change its session settings
     * @param <T>  its result type
     * @return what the work returned
     * @throws StorageBusyException if the database stayed busy or unreachable after the adapter's retries; the same
     *                              work may succeed later
     * @throws StorageException     if the database fails the read, or the work throws {@link java.sql.SQLException}
     *                              or a {@link RuntimeException} caused by one (jOOQ wraps them): a failed read is
     *                              never "nothing found". Another {@link RuntimeException} of the work is rethrown
     *                              as is
     */
    <T> T snapshot(SqlWork<T> work);

    /**
     * Runs a use case's write as {@link #transaction(Isolation, String, SqlWork)} does, with its change signal: when
     * the work returns {@link Outcome.Done}, {@code topic} is published inside the transaction (so it is delivered
     * when, and only if, the transaction commits); when it returns {@link Outcome.Refused}, everything the work wrote
     * is rolled back and the refusal is returned as is. The one write helper of the feature plugins: a refusal never
     * leaves half a change behind.
     *
     * @param isolation as {@link #transaction(Isolation, SqlWork)}
     * @param affinity  as {@link #transaction(Isolation, String, SqlWork)}; null for none
     * @param topic     the change signal of a done write, checked as {@link ChangeSignals#requireTopic(String)}; null
     *                  to publish none
     * @param work      the write; returns its outcome, never null
     * @param <T>       the outcome's value type
     * @return the work's outcome: done after the commit, or refused after the rollback
     * @throws StorageBusyException     as {@link #transaction(SqlWork)}
     * @throws StorageException         as {@link #transaction(SqlWork)}
     * @throws IllegalArgumentException if {@code topic} is malformed (before anything runs)
     */
    default <T> Outcome<T> write(Isolation isolation, String affinity, String topic, SqlWork<Outcome<T>> work) {
        String checked = topic == null ? null : ChangeSignals.requireTopic(topic);
        try {
            return transaction(isolation, affinity, connection -> {
                Outcome<T> outcome = work.run(connection);
                if (outcome instanceof Outcome.Refused<T>) {
                    throw new RefusedWrite(outcome);
                }
                if (checked != null) {
                    signals().publish(connection, checked);
                }
                return outcome;
            });
        } catch (RefusedWrite refused) {
            @SuppressWarnings("unchecked")
            Outcome<T> outcome = (Outcome<T>) refused.outcome;
            return outcome;
        }
    }

    /**
     * Brings an owner's schema up to date: applies, in ascending order and each in its own transaction, the
     * migrations whose version is above the recorded one, and records each. Idempotent.
     *
     * @param owner      who the versions belong to (a plugin id)
     * @param migrations the owner's complete list
     * @return the owner's schema version afterwards
     * @throws SchemaTooNewException if the database records a version above the highest in {@code migrations}; the
     *                               database is left untouched
     * @throws StorageException      if a migration fails; that migration is rolled back, earlier ones stay
     */
    int migrate(String owner, List<Migration> migrations);

    /**
     * @return the relay of this database's change signals, the same instance on every call; the kernel builds
     *         {@link dev.switchboard.ports.signal.ChangeSignals} on it, which plugins inject instead
     */
    SignalRelay signals();

    /**
     * @return the adapter's counters since it opened, or empty when it keeps none; cheap enough to read on every
     *         metrics scrape
     */
    default Optional<StorageStatistics> statistics() {
        return Optional.empty();
    }
}
