package dev.switchboard.plugin.storage.sqlite.adapter.out.persistence;

import java.util.List;
import java.util.function.Supplier;

import dev.switchboard.ports.storage.SqlWork;
import dev.switchboard.ports.storage.StorageException;
import dev.switchboard.storage.migration.MigrationTransactions;

/**
 * The one writer connection and the queue that lets one thread at a time use it. SQLite allows a single writer per
 * database anyway; queueing writers here, in arrival order, keeps them from spinning on {@code SQLITE_BUSY}, and lets
 * the thread whose turn it is commit the transactions queued behind it together with its own ({@link WriteQueue},
 * {@link GroupCommit}): concurrent writers then share one WAL sync instead of paying one each.
 *
 * <p>Consequence for callers: a unit of work may run on another caller's thread (its SLF4J logging context goes with
 * it), so it must not depend on thread identity or thread-locals. A thread inside a transaction or an
 * {@link #exclusively} body cannot start another (it would have to wait for itself).
 */
final class SerialWriter implements MigrationTransactions, AutoCloseable {

    private final WriterConnection connection;
    private final GroupCommit commits;
    private final WriteQueue queue;
    private volatile boolean closed;

    SerialWriter(SqliteConnector connector) {
        this.connection = new WriterConnection(connector);
        this.commits = new GroupCommit(connection);
        this.queue = new WriteQueue(this::run, connector.file());
    }

    /** Opens the writer connection now, so that a database that cannot be opened fails the start. */
    void start() {
        exclusively(connection::get);
    }

    /**
     * Runs the work in a transaction, possibly shared with other callers' units (each in its own savepoint).
     *
     * @return what the work returned, once its writes are committed and synced
     * @throws StorageException as {@link dev.switchboard.ports.storage.SqlStorage#transaction} describes, also when
     *                          the storage is closed, the thread is interrupted while waiting, or the thread is
     *                          already inside a transaction (nested transactions would commit the outer one early)
     */
    <T> T transaction(SqlWork<T> work) {
        refuseNesting();
        return queue.submit(Pending.unit(work), true);
    }

    /**
     * Runs read-only work on the writer connection outside any transaction (auto-commit), in its turn: for a read at
     * open that should not cost a connection of its own.
     *
     * @throws StorageException if the work throws {@link java.sql.SQLException}, or as {@link #exclusively}
     */
    <T> T autocommitRead(SqlWork<T> work) {
        return exclusively(() -> {
            try {
                return work.run(connection.get());
            } catch (java.sql.SQLException e) {
                throw new StorageException("reading " + connection.file() + " failed: " + e.getMessage(), e);
            }
        });
    }

    /**
     * Runs {@code body} with the writer to itself, on the current thread; the body may run several
     * {@link #inTransaction} calls, each its own transaction.
     *
     * @throws StorageException if the storage is closed, the thread is interrupted while waiting, or the thread is
     *                          already inside a transaction
     */
    @Override
    public <T> T exclusively(Supplier<T> body) {
        refuseNesting();
        return queue.submit(
                Pending.exclusive(() -> {
                    if (closed) {
                        throw new StorageException("the SQLite storage at " + connection.file() + " is closed");
                    }
                    return body.get();
                }),
                true);
    }

    /** Runs one transaction of its own ({@code BEGIN IMMEDIATE}); only inside an {@link #exclusively} body. */
    @Override
    public <T> T inTransaction(SqlWork<T> work) {
        if (!queue.leadsNow()) {
            throw new IllegalStateException("inTransaction outside an exclusive body");
        }
        return commits.alone(work);
    }

    /** Waits for running and queued transactions, then closes the connection. Idempotent. */
    @Override
    public void close() {
        if (queue.leadsNow()) {
            throw new StorageException("the SQLite storage cannot be closed from inside a transaction");
        }
        queue.submit(
                Pending.exclusive(() -> {
                    closed = true;
                    connection.discard();
                    return null;
                }),
                false);
    }

    private void refuseNesting() {
        if (queue.leadsNow()) {
            throw new StorageException("nested transaction on " + connection.file()
                    + ": transaction() and migrate() must not be called from inside a transaction");
        }
    }

    /** Runs one batch the queue took: an exclusive body alone, or units in one shared transaction. */
    private void run(List<Pending<?>> batch) {
        Pending<?> first = batch.getFirst();
        if (first.isExclusive()) {
            first.runBody();
        } else if (closed) {
            StorageException refused =
                    new StorageException("the SQLite storage at " + connection.file() + " is closed");
            batch.forEach(unit -> unit.abort(refused));
        } else if (batch.size() == 1) {
            commits.alone(first);
        } else {
            commits.together(batch);
        }
    }
}
