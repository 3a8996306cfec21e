package dev.switchboard.plugin.handoff.adapter.out.persistence;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.jooq.DSLContext;
import org.jooq.Record;

import dev.switchboard.plugin.handoff.adapter.out.persistence.HandoffTables.Records;
import dev.switchboard.plugin.handoff.adapter.out.persistence.HandoffTables.Routes;

/** The targets a page of handoffs was routed to, in one query: what update lists and the board's timeline show. */
final class RoutedTargets {

    private RoutedTargets() {}

    /**
     * @param sql  the read's context
     * @param page handoff rows holding {@link Records#ID}
     * @return each handoff's targets by handoff id, sorted, without duplicates; a handoff never routed is absent
     */
    static Map<String, List<String>> of(DSLContext sql, List<? extends Record> page) {
        if (page.isEmpty()) {
            return Map.of();
        }
        Map<String, List<String>> routed = new HashMap<>();
        sql.selectDistinct(Routes.HANDOFF, Routes.TARGET)
                .from(Routes.TABLE)
                .where(Routes.HANDOFF.in(
                        page.stream().map(row -> row.get(Records.ID)).toList()))
                .orderBy(Routes.HANDOFF, Routes.TARGET)
                .forEach(row -> routed.computeIfAbsent(row.get(Routes.HANDOFF), id -> new ArrayList<>())
                        .add(row.get(Routes.TARGET)));
        return routed;
    }
}
