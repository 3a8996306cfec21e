package dev.switchboard.plugin.handoff.adapter.out.persistence;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.jooq.DSLContext;

import dev.switchboard.plugin.handoff.adapter.out.persistence.HandoffTables.Cursors;
import dev.switchboard.plugin.handoff.adapter.out.persistence.HandoffTables.Projects;
import dev.switchboard.plugin.handoff.adapter.out.persistence.HandoffTables.Records;
import dev.switchboard.plugin.handoff.application.port.out.Registration;
import dev.switchboard.plugin.handoff.domain.Cursor;
import dev.switchboard.plugin.handoff.domain.HandoffId;
import dev.switchboard.plugin.handoff.domain.LegacyProject;
import dev.switchboard.plugin.handoff.domain.ProjectKey;
import dev.switchboard.plugin.handoff.domain.ProjectMerge;
import dev.switchboard.plugin.handoff.domain.Sequence;

/**
 * Registers one project inside a caller's write transaction, merging its legacy variants: the handoffs of the
 * canonical key and of every variant are resequenced by {@link ProjectMerge}, cursors are remapped by handoff
 * identity, and the variant keys are removed. Used once per registration; not thread-safe.
 */
final class ProjectMerger {

    private final DSLContext sql;
    private final ProjectKey key;
    private final Instant now;

    ProjectMerger(DSLContext sql, ProjectKey key, Instant now) {
        this.sql = sql;
        this.key = key;
        this.now = now;
    }

    Registration register(String displayName, String registeredBy) {
        // a concurrent registration of the same key on another connection (PostgreSQL) makes this insert wait for it
        // and then skip: the project exists once, and only one registration reports creating it
        boolean created = sql.insertInto(Projects.TABLE)
                        .set(Projects.KEY, key.value())
                        .set(Projects.DISPLAY_NAME, displayName)
                        .set(Projects.LATEST, 0L)
                        .set(Projects.CREATED_AT, Times.format(now))
                        .set(Projects.REGISTERED_BY, registeredBy)
                        .onConflictDoNothing()
                        .execute()
                == 1;
        ProjectLockSql.latestLocked(sql, key.value()); // merges of one key from two nodes take turns
        List<LegacyProject> variants = ProjectRows.storedKeys(sql).stream()
                .filter(stored -> !stored.equals(key.value()))
                .filter(stored ->
                        ProjectKey.normalize(stored).filter(key::equals).isPresent())
                .map(stored -> ProjectRows.legacy(sql, stored))
                .toList();
        if (variants.isEmpty()) {
            return new Registration(ProjectRows.find(sql, key).orElseThrow(), created, List.of(), List.of());
        }
        List<Cursor> cursors = merge(variants);
        return new Registration(
                ProjectRows.find(sql, key).orElseThrow(),
                created,
                variants.stream()
                        .map(v -> new Registration.MergedVariant(v.storedKey(), v.handoffCount()))
                        .toList(),
                cursors);
    }

    private List<Cursor> merge(List<LegacyProject> variants) {
        List<String> keys = new ArrayList<>();
        keys.add(key.value());
        variants.forEach(variant -> keys.add(variant.storedKey()));
        ProjectMerge plan =
                ProjectMerge.plan(sql.select(Records.ID, Records.PROJECT, Records.SEQUENCE, Records.COMMITTED_AT)
                        .from(Records.TABLE)
                        .where(Records.PROJECT.in(keys))
                        .fetch(row -> new ProjectMerge.Entry(
                                new HandoffId(row.get(Records.ID)),
                                row.get(Records.PROJECT),
                                Sequence.of(row.get(Records.SEQUENCE)),
                                Times.parse(row.get(Records.COMMITTED_AT)))));
        Map<String, Map<String, Cursor>> byConsumer = new TreeMap<>();
        for (String stored : keys) {
            CursorRows.loadAll(sql, stored)
                    .forEach(cursor -> byConsumer
                            .computeIfAbsent(cursor.consumer(), c -> new LinkedHashMap<>())
                            .put(stored, cursor));
        }
        resequence(plan);
        sql.update(Projects.TABLE)
                .set(Projects.LATEST, plan.latest().value())
                .where(Projects.KEY.eq(key.value()))
                .execute();
        sql.deleteFrom(Cursors.TABLE).where(Cursors.PROJECT.in(keys)).execute();
        List<Cursor> remapped = new ArrayList<>();
        byConsumer.forEach((consumer, old) -> {
            Cursor cursor = plan.remap(consumer, old, now);
            CursorRows.save(sql, key.value(), cursor);
            remapped.add(cursor);
        });
        sql.deleteFrom(Projects.TABLE)
                .where(Projects.KEY.in(keys.subList(1, keys.size())))
                .execute();
        return remapped;
    }

    /**
     * Moves every handoff to its new sequence in two passes, so that the unique (project, sequence) key never sees
     * two rows at one position: first above every old and new sequence, then down to the final one.
     */
    private void resequence(ProjectMerge plan) {
        long highestOld = plan.moves().stream()
                .mapToLong(move -> move.from().value())
                .max()
                .orElse(0);
        long offset = Math.max(highestOld, plan.latest().value());
        for (ProjectMerge.Move move : plan.moves()) {
            sql.update(Records.TABLE)
                    .set(Records.PROJECT, key.value())
                    .set(Records.SEQUENCE, offset + move.to().value())
                    .where(Records.ID.eq(move.handoffId().value()))
                    .execute();
        }
        for (ProjectMerge.Move move : plan.moves()) {
            sql.update(Records.TABLE)
                    .set(Records.SEQUENCE, move.to().value())
                    .where(Records.ID.eq(move.handoffId().value()))
                    .execute();
        }
    }
}
