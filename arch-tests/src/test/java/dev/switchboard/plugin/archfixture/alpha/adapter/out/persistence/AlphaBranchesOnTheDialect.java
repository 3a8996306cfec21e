package dev.switchboard.plugin.archfixture.alpha.adapter.out.persistence;

import dev.switchboard.ports.storage.SqlStorage;

/** Breaks {@code backend_details_stay_in_storage_adapters}: a repository choosing its SQL by the backend. */
final class AlphaBranchesOnTheDialect {

    private AlphaBranchesOnTheDialect() {}

    static String lockClause(SqlStorage storage) {
        return switch (storage.dialect()) {
            case POSTGRES -> " FOR UPDATE";
            case SQLITE -> "";
        };
    }
}
