package dev.switchboard.plugin.handoff.adapter.out.persistence;

import static org.jooq.impl.DSL.countDistinct;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jakarta.inject.Inject;

import dev.switchboard.plugin.handoff.adapter.out.persistence.HandoffTables.Records;
import dev.switchboard.plugin.handoff.adapter.out.persistence.HandoffTables.Routes;
import dev.switchboard.plugin.handoff.application.port.out.LoadRoutesPort;
import dev.switchboard.plugin.handoff.application.port.out.SaveRoutesPort;
import dev.switchboard.plugin.handoff.domain.HandoffId;
import dev.switchboard.plugin.handoff.domain.ProjectKey;
import dev.switchboard.plugin.handoff.domain.Route;

/** Routing metadata in {@code handoff_route}; its unique key makes a repeated route a no-op. Thread-safe. */
public final class JooqRouteRepository implements SaveRoutesPort, LoadRoutesPort {

    private final Database db;

    @Inject
    JooqRouteRepository(Database db) {
        this.db = db;
    }

    @Override
    public int add(HandoffId handoff, List<Route> routes) {
        return db.write(sql -> {
            int added = 0;
            for (Route route : routes) {
                added += sql.insertInto(Routes.TABLE)
                        .set(Routes.HANDOFF, handoff.value())
                        .set(Routes.TARGET, route.target())
                        .set(Routes.RATIONALE, route.rationale())
                        .set(Routes.ROUTED_BY, route.routedBy())
                        .set(Routes.ROUTED_AT, Times.format(route.routedAt()))
                        .onConflictDoNothing()
                        .execute();
            }
            return added;
        });
    }

    @Override
    public List<Route> routes(HandoffId handoff) {
        return db.read(sql -> sql.select(Routes.TARGET, Routes.RATIONALE, Routes.ROUTED_BY, Routes.ROUTED_AT)
                .from(Routes.TABLE)
                .where(Routes.HANDOFF.eq(handoff.value()))
                .orderBy(Routes.ID)
                .fetch(row -> new Route(
                        row.get(Routes.TARGET),
                        row.get(Routes.RATIONALE),
                        row.get(Routes.ROUTED_BY),
                        Times.parse(row.get(Routes.ROUTED_AT)))));
    }

    @Override
    public Map<String, Long> targetCounts(ProjectKey project) {
        var handoffs = countDistinct(Routes.HANDOFF);
        return db.read(sql -> {
            Map<String, Long> counts = new LinkedHashMap<>();
            sql.select(Routes.TARGET, handoffs)
                    .from(Routes.TABLE)
                    .join(Records.TABLE)
                    .on(Records.ID.eq(Routes.HANDOFF))
                    .where(Records.PROJECT.eq(project.value()))
                    .groupBy(Routes.TARGET)
                    .orderBy(Routes.TARGET)
                    .forEach(row ->
                            counts.put(row.get(Routes.TARGET), row.get(handoffs).longValue()));
            return counts;
        });
    }
}
