package dev.switchboard.plugin.handoff.adapter.out.persistence;

import static org.jooq.impl.DSL.exists;
import static org.jooq.impl.DSL.selectOne;

import java.util.List;
import java.util.Map;

import jakarta.inject.Inject;

import org.jooq.Condition;
import org.jooq.Record;

import dev.switchboard.plugin.handoff.adapter.out.persistence.HandoffTables.Projects;
import dev.switchboard.plugin.handoff.adapter.out.persistence.HandoffTables.Records;
import dev.switchboard.plugin.handoff.adapter.out.persistence.HandoffTables.Routes;
import dev.switchboard.plugin.handoff.application.port.out.FindUpdatesPort;
import dev.switchboard.plugin.handoff.application.port.out.UpdatesPage;
import dev.switchboard.plugin.handoff.application.port.out.UpdatesQuery;
import dev.switchboard.plugin.handoff.domain.Cursor;
import dev.switchboard.plugin.handoff.domain.HandoffSummary;
import dev.switchboard.plugin.handoff.domain.Sequence;

/**
 * Lists pending handoffs: rows of the project with a sequence after the cursor (or after {@code since}), minus the
 * consumer's handled-ahead sequences, optionally only those routed to a target; ascending by sequence, read through
 * the {@code (project_key, sequence)} index. Thread-safe.
 */
public final class JooqUpdatesRepository implements FindUpdatesPort {

    private final Database db;

    @Inject
    JooqUpdatesRepository(Database db) {
        this.db = db;
    }

    @Override
    public UpdatesPage find(UpdatesQuery query) {
        return db.read(sql -> {
            String project = query.project().value();
            Cursor cursor = CursorRows.load(sql, project, query.consumer());
            Sequence latest = Sequence.of(sql.select(Projects.LATEST)
                    .from(Projects.TABLE)
                    .where(Projects.KEY.eq(project))
                    .fetchSingle(Projects.LATEST));
            List<Record> rows = sql.select(HandoffRows.SUMMARY)
                    .from(Records.TABLE)
                    .where(selection(query, cursor))
                    .orderBy(Records.SEQUENCE)
                    .limit(query.limit() + 1)
                    .fetch();
            boolean hasMore = rows.size() > query.limit();
            List<Record> page = hasMore ? rows.subList(0, query.limit()) : rows;
            Map<String, List<String>> routed = RoutedTargets.of(sql, page);
            List<HandoffSummary> items = page.stream()
                    .map(row -> HandoffRows.summary(row, routed.getOrDefault(row.get(Records.ID), List.of())))
                    .toList();
            return new UpdatesPage(cursor, latest, items, hasMore);
        });
    }

    private static Condition selection(UpdatesQuery query, Cursor cursor) {
        Sequence after = query.since() != null ? query.since() : cursor.through();
        Condition condition = Records.PROJECT.eq(query.project().value()).and(Records.SEQUENCE.gt(after.value()));
        if (query.since() == null && !cursor.handledAhead().isEmpty()) {
            condition = condition.and(Records.SEQUENCE.notIn(
                    cursor.handledAhead().stream().map(Sequence::value).toList()));
        }
        if (query.target() != null) {
            condition = condition.and(exists(selectOne()
                    .from(Routes.TABLE)
                    .where(Routes.HANDOFF.eq(Records.ID))
                    .and(Routes.TARGET.eq(query.target()))));
        }
        return condition;
    }
}
