package dev.switchboard.plugin.handoff.adapter.out.persistence;

import static org.jooq.impl.DSL.count;

import java.util.List;
import java.util.Optional;

import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Record;

import dev.switchboard.plugin.handoff.adapter.out.persistence.HandoffTables.Projects;
import dev.switchboard.plugin.handoff.adapter.out.persistence.HandoffTables.Records;
import dev.switchboard.plugin.handoff.domain.LegacyProject;
import dev.switchboard.plugin.handoff.domain.Project;
import dev.switchboard.plugin.handoff.domain.ProjectKey;
import dev.switchboard.plugin.handoff.domain.Sequence;

/**
 * Reads {@code handoff_project} rows inside a caller's transaction. A registered project's handoff count is its latest
 * sequence: sequences are gap-free and handoffs are never deleted, so no rows need counting on the hot path.
 */
final class ProjectRows {

    static final List<Field<?>> FIELDS =
            List.of(Projects.KEY, Projects.DISPLAY_NAME, Projects.LATEST, Projects.CREATED_AT, Projects.REGISTERED_BY);

    private ProjectRows() {}

    static Optional<Project> find(DSLContext sql, ProjectKey key) {
        return sql.select(FIELDS)
                .from(Projects.TABLE)
                .where(Projects.KEY.eq(key.value()))
                .fetchOptional()
                .map(ProjectRows::project);
    }

    /** @return every stored key, canonical or not, ordered */
    static List<String> storedKeys(DSLContext sql) {
        return sql.select(Projects.KEY)
                .from(Projects.TABLE)
                .orderBy(Projects.KEY)
                .fetch(Projects.KEY);
    }

    static List<Project> registered(DSLContext sql) {
        return sql.select(FIELDS).from(Projects.TABLE).orderBy(Projects.KEY).fetch().stream()
                .filter(row -> ProjectKey.isCanonical(row.get(Projects.KEY)))
                .map(ProjectRows::project)
                .toList();
    }

    static LegacyProject legacy(DSLContext sql, String storedKey) {
        long handoffs = sql.select(count())
                .from(Records.TABLE)
                .where(Records.PROJECT.eq(storedKey))
                .fetchSingle()
                .value1();
        return new LegacyProject(storedKey, handoffs);
    }

    private static Project project(Record row) {
        long latest = row.get(Projects.LATEST);
        return new Project(
                new ProjectKey(row.get(Projects.KEY)),
                row.get(Projects.DISPLAY_NAME),
                Sequence.of(latest),
                latest,
                Times.parse(row.get(Projects.CREATED_AT)),
                row.get(Projects.REGISTERED_BY));
    }
}
