package dev.switchboard.kernel.archfixture;

import org.jooq.DSLContext;

/** Breaks {@code kernel_has_no_infrastructure}: the kernel runs SQL through jOOQ. */
final class KernelThatUsesJooq {

    int count(DSLContext sql) {
        return sql.fetchCount(sql.selectOne());
    }
}
