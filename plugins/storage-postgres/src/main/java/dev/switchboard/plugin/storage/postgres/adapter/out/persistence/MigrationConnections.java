package dev.switchboard.plugin.storage.postgres.adapter.out.persistence;

import java.util.List;

import javax.sql.DataSource;

import dev.switchboard.storage.migration.JdbcMigrationTransactions;
import dev.switchboard.storage.migration.MigrationTransactions;

/**
 * Migration transactions on PostgreSQL: the shared {@link JdbcMigrationTransactions} on pooled connections, each
 * transaction first taking a transaction-scoped advisory lock, so that servers starting at once on one schema apply
 * each migration once (the lock is per database; the bookkeeping re-read under it is per schema). Statements inside
 * run without the statement timeout, since building an index on a large table may take longer than any call should.
 */
final class MigrationConnections {

    /** The advisory lock key of Switchboard's migrations ("SWBDMIGR" in ASCII). */
    private static final long LOCK_KEY = 0x535742444D494752L;

    private MigrationConnections() {}

    /** @return the migration transactions on {@code pool}; thread-safe */
    static MigrationTransactions on(DataSource pool) {
        return new JdbcMigrationTransactions(
                pool::getConnection,
                List.of("SET LOCAL statement_timeout = 0", "SELECT pg_advisory_xact_lock(" + LOCK_KEY + ")"),
                "PostgreSQL");
    }
}
