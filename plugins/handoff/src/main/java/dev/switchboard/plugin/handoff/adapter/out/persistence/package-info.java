/**
 * The driven persistence adapter: implements the ports of {@code application.port.out} with jOOQ over the injected
 * {@link dev.switchboard.ports.storage.SqlStorage}, and declares the schema as a
 * {@link dev.switchboard.ports.storage.MigrationSet} whose SQL lives in
 * {@code src/main/resources/db/migration/handoff/<sqlite|postgres>/V<n>__*.sql} (the same versions, with the same
 * meaning, per dialect). jOOQ is used only in this package, in the storage's dialect.
 *
 * <p>Tables and columns are named in {@link dev.switchboard.plugin.handoff.adapter.out.persistence.HandoffTables} with
 * plain jOOQ names rather than generated code: the schema is six small tables, and generating code from the
 * migrations would need a database at build time for little gain. Every write runs in one
 * {@code SqlStorage.transaction(...)}, so a sequence is allocated and used atomically; on SQLite a transaction takes
 * the write lock up front, on PostgreSQL every write locks the project row or lets a unique key decide, so several
 * processes or nodes on one database never share a sequence or an idempotency key ({@code Database}). Reads of more
 * than one query run in one read transaction, so they see one snapshot. The publish, the one hot write, runs SQL rendered once by jOOQ through plain
 * JDBC ({@code AppendSql}), since rendering per call cost more CPU than SQLite's own work.
 *
 * <p>The repositories are public only so that {@code HandoffModule} can bind the ports to them; their constructors are
 * package-private and nothing else uses them.
 */
package dev.switchboard.plugin.handoff.adapter.out.persistence;
