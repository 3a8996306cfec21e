package dev.switchboard.plugin.archfixture.alpha.adapter.out.persistence;

import dev.switchboard.ports.storage.SqlDialect;

/**
 * Allowed by {@code backend_details_stay_in_storage_adapters}: SQL that really differs by dialect, in a class named
 * {@code *Sql}.
 */
final class AlphaRowLockSql {

    private AlphaRowLockSql() {}

    static String lockClause(SqlDialect dialect) {
        return dialect == SqlDialect.POSTGRES ? " FOR UPDATE" : "";
    }
}
