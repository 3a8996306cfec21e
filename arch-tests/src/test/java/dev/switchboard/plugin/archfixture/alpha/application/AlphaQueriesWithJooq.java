package dev.switchboard.plugin.archfixture.alpha.application;

import org.jooq.DSLContext;

/** Breaks {@code jooq_stays_in_persistence_adapters}: a use case writing SQL itself. */
final class AlphaQueriesWithJooq {

    int count(DSLContext sql) {
        return sql.fetchCount(sql.selectOne());
    }
}
