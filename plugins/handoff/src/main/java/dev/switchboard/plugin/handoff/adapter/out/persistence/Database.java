package dev.switchboard.plugin.handoff.adapter.out.persistence;

import java.sql.Connection;
import java.util.function.Function;
import java.util.function.Supplier;

import jakarta.inject.Inject;

import org.jooq.DSLContext;
import org.jooq.SQLDialect;
import org.jooq.conf.Settings;
import org.jooq.impl.DSL;

import dev.switchboard.plugin.handoff.application.port.out.StoreBusyException;
import dev.switchboard.ports.storage.Isolation;
import dev.switchboard.ports.storage.SqlStorage;
import dev.switchboard.ports.storage.SqlWork;
import dev.switchboard.ports.storage.StorageBusyException;

/**
 * The plugin's access to {@link SqlStorage} through jOOQ: {@link #write} runs work in one storage transaction,
 * {@link #read} (and {@link #snapshot} on plain JDBC) on one read-only snapshot ({@link SqlStorage#snapshot}). Thread-safe.
 *
 * <p>Concurrent writers: on SQLite one transaction writes at a time. On PostgreSQL, where transactions of several
 * nodes run together, every write of this plugin is made safe by the statement itself rather than by the isolation
 * level: a unique key decides (idempotency keys, routes, applied records, registrations: {@code ON CONFLICT DO
 * NOTHING}), or the project's row is locked first (a publish's {@code UPDATE ... RETURNING} of the sequence, a
 * cursor move's and a merge's {@code SELECT ... FOR UPDATE}). So writes ask for {@link Isolation#READ_COMMITTED}: a publisher
 * that waited for the project's row lock then takes the next number, where {@code SERIALIZABLE} (the adapter's
 * default) would abort every publisher but one on a busy project and exhaust the adapter's retries.
 *
 * <p>Busy storage: a transaction or snapshot the adapter gave up on after its own waiting and retries
 * ({@link StorageBusyException}; rolled back) is reported as {@link StoreBusyException}, which the tools answer
 * {@code UNAVAILABLE}. Nothing of the backend is read or retried here (ADR 49).
 */
final class Database {

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
        return busyAsStoreBusy(() -> storage.snapshot(connection -> work.apply(jooq(connection))));
    }

    /**
     * Like {@link #read}, on the snapshot's plain JDBC connection.
     *
     * @param work read-only work; MUST NOT keep the connection
     * @param <T>  its result
     * @return what the work returned
     */
    <T> T snapshot(SqlWork<T> work) {
        return busyAsStoreBusy(() -> storage.snapshot(work));
    }

    /** @return jOOQ on a connection of this storage, in its dialect */
    DSLContext jooq(Connection connection) {
        return DSL.using(connection, dialect(), SETTINGS);
    }

    private static <T> T busyAsStoreBusy(Supplier<T> work) {
        try {
            return work.get();
        } catch (StorageBusyException e) {
            throw new StoreBusyException(e.getMessage(), e);
        }
    }
}
