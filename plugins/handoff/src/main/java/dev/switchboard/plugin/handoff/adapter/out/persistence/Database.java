package dev.switchboard.plugin.handoff.adapter.out.persistence;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLRecoverableException;
import java.sql.SQLTransientException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Function;
import java.util.function.Supplier;

import jakarta.inject.Inject;

import org.jooq.DSLContext;
import org.jooq.SQLDialect;
import org.jooq.conf.Settings;
import org.jooq.impl.DSL;

import dev.switchboard.plugin.handoff.application.port.out.StoreBusyException;
import dev.switchboard.ports.storage.Isolation;
import dev.switchboard.ports.storage.SqlDialect;
import dev.switchboard.ports.storage.SqlStorage;
import dev.switchboard.ports.storage.SqlWork;
import dev.switchboard.ports.storage.StorageBusyException;
import dev.switchboard.ports.storage.StorageException;

/**
 * The plugin's access to {@link SqlStorage} through jOOQ: {@link #write} runs work in one storage transaction,
 * {@link #read} in one read-only snapshot on a reader connection. Thread-safe.
 *
 * <p>Concurrent writers: on SQLite one transaction writes at a time. On PostgreSQL, where transactions of several
 * nodes run together, every write of this plugin is made safe by the statement itself rather than by the isolation
 * level: a unique key decides (idempotency keys, routes, applied records, registrations: {@code ON CONFLICT DO
 * NOTHING}), or the project's row is locked first (a publish's {@code UPDATE ... RETURNING} of the sequence, a
 * cursor move's and a merge's {@code SELECT ... FOR UPDATE}). So writes ask for {@link Isolation#READ_COMMITTED}: a publisher
 * that waited for the project's row lock then takes the next number, where {@code SERIALIZABLE} (the adapter's
 * default) would abort every publisher but one on a busy project and exhaust the adapter's retries.
 *
 * <p>Busy storage: a transaction the adapter gave up on ({@link StorageBusyException}: locked by another writer past
 * the adapter's own waiting, a lock or statement timeout, conflicts past its retries, an unreachable server; rolled
 * back) is reported as {@link StoreBusyException}, which the tools answer {@code UNAVAILABLE}. No backend's error
 * codes are read here. The SQLite adapter waits for another process's lock only once, for its busy timeout, and its
 * waiters are not served in order: several processes publishing to one file would starve one another past it. So on
 * SQLite a busy transaction is retried here from scratch with a growing, jittered pause for up to
 * {@value #SQLITE_RETRY_BUDGET_MS} ms (the failed attempt was rolled back, so a retry never doubles a write). The
 * PostgreSQL adapter retries itself, and a busy answer there may follow a commit whose outcome is unknown, so it is
 * never retried here.
 */
final class Database {

    /**
     * How long, in total, to keep starting new attempts on a busy SQLite database. An attempt itself may block for the
     * storage's busy timeout ({@code plugins.storage-sqlite.busy-timeout-ms}, 5 s by default), so with the defaults a
     * call blocked throughout answers {@code UNAVAILABLE} within about 13 s: inside the common 15 s and 60 s client
     * request timeouts, so the client sees the answer instead of its own timeout.
     */
    static final long SQLITE_RETRY_BUDGET_MS = 8_000;

    /** The prefix of the storage affinity of work on a project's row, followed by the project's key. */
    static final String PROJECT_AFFINITY = "handoff.project:";

    private static final Settings SETTINGS =
            new Settings().withExecuteLogging(false).withRenderSchema(false);

    private final SqlStorage storage;

    /** Built with the plugin's extensions; touches nothing of the storage until used. */
    @Inject
    Database(SqlStorage storage) {
        this.storage = storage;
    }

    /** @return the storage's dialect, as jOOQ names it */
    SQLDialect dialect() {
        return SQLDialect.valueOf(storage.dialect().jooqName());
    }

    /** @return the publish statements in this storage's dialect (rendered on first use, once per dialect) */
    AppendSql append() {
        return AppendSql.of(dialect());
    }

    /**
     * @param work the work; MUST NOT keep the context
     * @param <T>  its result
     * @return what the work returned, after the commit
     */
    <T> T write(Function<DSLContext, T> work) {
        return transaction(connection -> work.apply(jooq(connection)));
    }

    /**
     * Like {@link #write}, on the transaction's plain JDBC connection, for the hot path that skips jOOQ.
     *
     * @param work the work; MUST NOT keep the connection
     * @param <T>  its result
     * @return what the work returned, after the commit
     */
    <T> T transaction(SqlWork<T> work) {
        return transaction(null, work);
    }

    /**
     * Like {@link #transaction(SqlWork)}, for work that locks a project's row first: concurrent works on one project
     * are then run in one shared transaction by a storage with group commit, rather than in several that would wait
     * on each other's lock ({@link SqlStorage#transaction(Isolation, String, SqlWork)}).
     *
     * @param project the key of the project whose row the work locks first, or null
     * @param work    the work; MUST NOT keep the connection
     * @param <T>     its result
     * @return what the work returned, after the commit
     */
    <T> T transaction(String project, SqlWork<T> work) {
        String affinity = project == null ? null : PROJECT_AFFINITY + project;
        // READ COMMITTED on PostgreSQL (see the class comment), set by the adapter once for its shared transaction
        return busyAsStoreBusy(() -> storage.transaction(Isolation.READ_COMMITTED, affinity, work));
    }

    /**
     * @param work read-only work; MUST NOT keep the context
     * @param <T>  its result
     * @return what the work returned
     */
    <T> T read(Function<DSLContext, T> work) {
        return busyAsStoreBusy(() -> {
            try (Connection connection = storage.dataSource().getConnection()) {
                connection.setAutoCommit(false);
                try {
                    DSLContext sql = jooq(connection);
                    if (dialect() == SQLDialect.POSTGRES) {
                        // one snapshot for every query of the work (READ COMMITTED takes one per statement); sent
                        // with the transaction's BEGIN, and gone with its end, so the pooled connection is unchanged
                        sql.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY");
                    }
                    return work.apply(sql);
                } finally {
                    rollbackQuietly(connection);
                }
            } catch (SQLException | RuntimeException e) {
                if (unreachable(e)) {
                    // reads do not go through transaction(), so the adapter's busy translation is done here, by
                    // JDBC-standard signs only: a pool timeout, a lost connection (SQLSTATE class 08), a server
                    // shutting down (class 57, operator intervention)
                    throw new StorageBusyException("the database is busy or unreachable for reading", e);
                }
                if (e instanceof RuntimeException runtime) {
                    throw runtime;
                }
                throw new StorageException("read from " + storage.location() + " failed: " + e.getMessage(), e);
            }
        });
    }

    /** A read-only transaction has nothing to lose; a failed rollback must not hide why the read failed. */
    private static void rollbackQuietly(Connection connection) {
        try {
            connection.rollback();
        } catch (SQLException ignored) {
            // the connection is gone: the pool discards it
        }
    }

    private static boolean unreachable(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof SQLException e) {
                String state = e.getSQLState();
                if (e instanceof SQLTransientException
                        || e instanceof SQLRecoverableException
                        || e instanceof SQLNonTransientConnectionException
                        || (state != null && (state.startsWith("08") || state.startsWith("57")))) {
                    return true;
                }
            }
        }
        return false;
    }

    /** @return jOOQ on a connection of this storage, in its dialect */
    DSLContext jooq(Connection connection) {
        return DSL.using(connection, dialect(), SETTINGS);
    }

    private <T> T busyAsStoreBusy(Supplier<T> work) {
        boolean retry = storage.dialect() == SqlDialect.SQLITE;
        long deadline = System.nanoTime() + SQLITE_RETRY_BUDGET_MS * 1_000_000;
        for (int attempts = 1; ; attempts++) {
            try {
                return work.get();
            } catch (StorageBusyException e) {
                if (!retry || System.nanoTime() > deadline) {
                    throw new StoreBusyException(e.getMessage() + " (" + attempts + " attempts)", e);
                }
                pause(attempts, e);
            }
        }
    }

    private static void pause(int attempts, StorageBusyException cause) {
        long ceiling = Math.min(100, 1L << Math.min(attempts, 6));
        try {
            Thread.sleep(ThreadLocalRandom.current().nextLong(1, ceiling + 1));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StoreBusyException("interrupted while waiting for a locked database", cause);
        }
    }
}
