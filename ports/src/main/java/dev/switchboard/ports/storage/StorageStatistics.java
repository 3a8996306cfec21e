package dev.switchboard.ports.storage;

/**
 * Counters of a storage adapter since it opened, for monitoring. Immutable and thread-safe.
 *
 * @param committed  units of work run by {@link SqlStorage#transaction} that committed
 * @param rolledBack units that were rolled back (the work threw, or the database failed)
 * @param busy       times the database was found busy or locked: for SQLite, a unit that failed with
 *                   {@code SQLITE_BUSY}/{@code SQLITE_LOCKED} after the busy timeout's own retries ran out; an
 *                   adapter that retries itself counts each retry
 */
public record StorageStatistics(long committed, long rolledBack, long busy) {}
