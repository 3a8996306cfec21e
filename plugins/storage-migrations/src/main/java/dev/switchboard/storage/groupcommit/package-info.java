/**
 * Group-commit bookkeeping, once for every storage adapter: {@link dev.switchboard.storage.groupcommit.QueuedWork}
 * is one caller's unit of work while it waits in an adapter's commit queue and whatever thread leads the batch runs
 * it. The adapters keep their own queues and transactions (SQLite: one writer, savepoints; PostgreSQL: pooled
 * connections, batches rolled back and rerun); this package holds what they share. A library bundled in each storage
 * plugin's zip, not an extension point.
 */
package dev.switchboard.storage.groupcommit;
