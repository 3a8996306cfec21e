package dev.switchboard.plugin.archfixture.alpha.adapter.out.persistence;

import java.sql.SQLException;

/** Breaks {@code backend_details_stay_in_storage_adapters}: a feature reading PostgreSQL's connection-loss class. */
final class AlphaReadsSqlState {

    private AlphaReadsSqlState() {}

    static boolean unreachable(SQLException failure) {
        return failure.getSQLState() != null && failure.getSQLState().startsWith("08");
    }
}
