/**
 * {@link dev.switchboard.ports.storage.SqlStorage} on PostgreSQL: the HikariCP pool, serializable transactions with
 * bounded, jittered retries of serialization failures and deadlocks, the translation of the driver's SQLSTATEs into
 * the port's exceptions, and migrations through the shared bookkeeping library.
 */
package dev.switchboard.plugin.storage.postgres.adapter.out.persistence;
