package dev.switchboard.plugin.mailbox.channel.adapter.out.persistence;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Supplier;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import org.jooq.DSLContext;
import org.jooq.SQLDialect;
import org.jooq.conf.Settings;
import org.jooq.impl.DSL;

import dev.switchboard.ports.storage.Isolation;
import dev.switchboard.ports.storage.SqlDialect;
import dev.switchboard.ports.storage.SqlStorage;
import dev.switchboard.ports.storage.SqlWork;
import dev.switchboard.ports.storage.StorageBusyException;
import dev.switchboard.ports.storage.StorageException;

/**
 * The mailbox's access to {@link SqlStorage} through jOOQ, in the storage's dialect
 * ({@code SQLDialect.valueOf(storage.dialect().jooqName())}). Thread-safe.
 *
 * <p>A busy SQLite database (another process holds the write lock past the adapter's busy timeout) is retried here
 * from scratch, with a growing jittered pause, for up to {@value #SQLITE_RETRY_BUDGET_MS} ms: the failed attempt was
 * rolled back, so a retry never doubles a write. The PostgreSQL adapter retries itself.
 */
@Singleton
public final class MailboxDatabase {

    /** How long to keep starting new attempts on a busy SQLite database. */
    static final long SQLITE_RETRY_BUDGET_MS = 8_000;

    private static final Settings SETTINGS =
            new Settings().withExecuteLogging(false).withRenderSchema(false);

    private final SqlStorage storage;

    @Inject
    MailboxDatabase(SqlStorage storage) {
        this.storage = storage;
    }

    /** @return whether the storage is PostgreSQL (row locks and isolation statements apply) */
    public boolean postgres() {
        return storage.dialect() == SqlDialect.POSTGRES;
    }

    /** @return jOOQ on {@code connection}, in the storage's dialect */
    public DSLContext jooq(Connection connection) {
        return DSL.using(connection, SQLDialect.valueOf(storage.dialect().jooqName()), SETTINGS);
    }

    /**
     * @param work one transaction's work
     * @param <T>  its result
     * @return what it returned, after the commit
     * @throws StorageBusyException if the database stayed busy (after the SQLite retries)
     */
    public <T> T transaction(SqlWork<T> work) {
        return retryingBusySqlite(() -> storage.transaction(work));
    }

    /**
     * Runs a channel write: on PostgreSQL at {@link Isolation#READ_COMMITTED}, the work keeping its invariants by
     * taking the channel's row lock first; the adapter may share one database transaction among concurrent writes
     * (group commit). SQLite serialises its writers either way.
     *
     * @param work one transaction's work, which takes the channel's row lock before any check
     * @param <T>  its result
     * @return what it returned, after the commit
     * @throws StorageBusyException if the database stayed busy (after the SQLite retries)
     */
    public <T> T lockingTransaction(SqlWork<T> work) {
        return retryingBusySqlite(() -> storage.transaction(Isolation.READ_COMMITTED, work));
    }

    /**
     * Runs read-only work on one snapshot (PostgreSQL: {@code REPEATABLE READ, READ ONLY}), rolled back at the end.
     *
     * @param work the reads
     * @param <T>  its result
     * @return what it returned
     */
    public <T> T snapshot(SqlWork<T> work) {
        return retryingBusySqlite(() -> {
            try (Connection connection = storage.dataSource().getConnection()) {
                connection.setAutoCommit(false);
                try {
                    if (postgres()) {
                        jooq(connection).execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY");
                    }
                    return work.run(connection);
                } catch (StorageException e) {
                    throw e;
                } catch (RuntimeException e) {
                    // jOOQ wraps the driver's errors: a read that failed in the database is a storage failure
                    throw driverCause(e).map(this::readFailure).orElseThrow(() -> e);
                } finally {
                    try {
                        connection.rollback();
                    } catch (SQLException ignored) {
                        // the connection is gone; the pool discards it
                    }
                }
            } catch (SQLException e) {
                throw readFailure(e);
            }
        });
    }

    /**
     * @return what a read that failed in the database means: busy or unreachable (PostgreSQL's lost or refused
     *     connection, {@code 08xxx}, a shutdown or timeout, {@code 57xxx}; SQLite's {@code SQLITE_BUSY} or
     *     {@code SQLITE_LOCKED}), else a failed read; either is a {@link StorageException}, never "nothing found"
     */
    private StorageException readFailure(SQLException e) {
        String state = e.getSQLState();
        int sqliteCode = e.getErrorCode() & 0xff;
        if ((state != null && (state.startsWith("08") || state.startsWith("57")))
                || (storage.dialect() == SqlDialect.SQLITE && (sqliteCode == 5 || sqliteCode == 6))) {
            return new StorageBusyException("the mailbox database is busy or unreachable for reading", e);
        }
        return new StorageException(
                "read from " + storage.location() + " failed: " + e.getMessage(),
                "a read from the mailbox database failed",
                e);
    }

    private static Optional<SQLException> driverCause(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (cause instanceof SQLException sql) {
                return Optional.of(sql);
            }
        }
        return Optional.empty();
    }

    private <T> T retryingBusySqlite(Supplier<T> work) {
        boolean retry = storage.dialect() == SqlDialect.SQLITE;
        long deadline = System.nanoTime() + SQLITE_RETRY_BUDGET_MS * 1_000_000;
        for (int attempt = 1; ; attempt++) {
            try {
                return work.get();
            } catch (StorageBusyException e) {
                if (!retry || System.nanoTime() > deadline) {
                    throw e;
                }
                try {
                    Thread.sleep(ThreadLocalRandom.current()
                            .nextLong(1, Math.min(100, 1L << Math.min(attempt, 6)) + 1));
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    throw e;
                }
            }
        }
    }
}
