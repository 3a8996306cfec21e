package dev.switchboard.storage.migration;

import java.util.function.Supplier;

import dev.switchboard.ports.storage.SqlWork;

/**
 * How a storage adapter lets the {@link MigrationRunner} run its transactions. Implemented by each adapter.
 */
public interface MigrationTransactions {

    /**
     * Runs {@code body} while no other migration run of this process is running; the body calls
     * {@link #inTransaction} once per step.
     *
     * @param body the run
     * @param <T>  its result type
     * @return what the body returned
     * @throws dev.switchboard.ports.storage.StorageException if the storage is closed or the wait is interrupted
     */
    <T> T exclusively(Supplier<T> body);

    /**
     * Runs {@code work} in one transaction of its own, committed when it returns and rolled back when it throws. The
     * transaction MUST exclude other processes' migration transactions on the same database (SQLite:
     * {@code BEGIN IMMEDIATE}; PostgreSQL: a transaction-scoped advisory lock), so a step re-read inside it is not
     * applied twice by two servers starting at once.
     *
     * @param work the work
     * @param <T>  its result type
     * @return what the work returned
     * @throws dev.switchboard.ports.storage.StorageException if the database fails; a {@link RuntimeException} of the
     *                                                        work is rethrown as is after the rollback
     */
    <T> T inTransaction(SqlWork<T> work);
}
