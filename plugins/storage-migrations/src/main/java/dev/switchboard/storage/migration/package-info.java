/**
 * Migration bookkeeping, once for every storage adapter: {@link dev.switchboard.storage.migration.MigrationRunner}
 * applies an owner's {@link dev.switchboard.ports.storage.Migration}s in version order, each in its own transaction,
 * records each in {@code switchboard_schema_version} with a SHA-256 checksum, and refuses a newer schema or a changed
 * applied migration before writing anything. The adapter supplies its transactions
 * ({@link dev.switchboard.storage.migration.MigrationTransactions}); the dialect decides how a migration's SQL is run.
 * A library bundled in each storage plugin's zip, not an extension point.
 */
package dev.switchboard.storage.migration;
