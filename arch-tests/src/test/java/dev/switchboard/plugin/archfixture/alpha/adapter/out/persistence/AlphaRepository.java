package dev.switchboard.plugin.archfixture.alpha.adapter.out.persistence;

import org.jooq.DSLContext;
import org.jooq.impl.DSL;

import dev.switchboard.plugin.archfixture.alpha.adapter.out.persistence.generated.AlphaTables;

/** Allowed: the persistence adapter uses jOOQ and its generated tables. */
final class AlphaRepository {

    int count(DSLContext sql) {
        return sql.fetchCount(DSL.table(DSL.name(AlphaTables.alphaThing())));
    }
}
