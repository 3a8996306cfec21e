package dev.switchboard.plugin.handoff.adapter.out.persistence;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jakarta.inject.Inject;

import org.jooq.Field;
import org.jooq.Record;
import org.jooq.impl.DSL;

import dev.switchboard.plugin.handoff.adapter.out.persistence.HandoffTables.AppliedRows;
import dev.switchboard.plugin.handoff.adapter.out.persistence.HandoffTables.Records;
import dev.switchboard.plugin.handoff.application.port.out.LoadAppliedPort;
import dev.switchboard.plugin.handoff.application.port.out.RecordAppliedPort;
import dev.switchboard.plugin.handoff.domain.Applied;
import dev.switchboard.plugin.handoff.domain.AppliedEntry;
import dev.switchboard.plugin.handoff.domain.HandoffId;
import dev.switchboard.plugin.handoff.domain.ProjectKey;
import dev.switchboard.plugin.handoff.domain.Sequence;

/**
 * Applied provenance in {@code handoff_applied}. Rows are only ever inserted (the schema's triggers refuse updates and
 * deletes); the unique key makes an identical record a no-op; a new record publishes {@code HandoffProgress.TOPIC} in
 * its transaction. Thread-safe.
 */
public final class JooqAppliedRepository implements RecordAppliedPort, LoadAppliedPort {

    /** The columns {@link #applied(Record)} reads. */
    private static final List<Field<?>> APPLIED = List.of(
            AppliedRows.APPLIED_BY,
            AppliedRows.REPOSITORY,
            AppliedRows.COMMIT_REF,
            AppliedRows.PATHS,
            AppliedRows.APPLIED_AT);

    private final Database db;
    private final ProgressSignal progress;

    @Inject
    JooqAppliedRepository(Database db, ProgressSignal progress) {
        this.db = db;
        this.progress = progress;
    }

    @Override
    public boolean record(HandoffId handoff, Applied applied) {
        return db.write(sql -> {
            boolean inserted = sql.insertInto(AppliedRows.TABLE)
                            .set(AppliedRows.HANDOFF, handoff.value())
                            .set(AppliedRows.APPLIED_BY, applied.appliedBy())
                            .set(AppliedRows.REPOSITORY, applied.repository())
                            .set(AppliedRows.COMMIT_REF, applied.commitRef())
                            .set(AppliedRows.PATHS, JsonLists.write(applied.paths()))
                            .set(AppliedRows.APPLIED_AT, Times.format(applied.appliedAt()))
                            .onConflictDoNothing()
                            .execute()
                    == 1;
            if (inserted) {
                progress.publish(sql);
            }
            return inserted;
        });
    }

    @Override
    public Map<HandoffId, List<Applied>> applied(Collection<HandoffId> handoffs) {
        Map<HandoffId, List<Applied>> byHandoff = new LinkedHashMap<>();
        handoffs.forEach(id -> byHandoff.put(id, new ArrayList<>()));
        if (handoffs.isEmpty()) {
            return byHandoff;
        }
        db.read(sql -> sql.select(AppliedRows.HANDOFF)
                        .select(APPLIED)
                        .from(AppliedRows.TABLE)
                        .where(AppliedRows.HANDOFF.in(
                                handoffs.stream().map(HandoffId::value).toList()))
                        .orderBy(AppliedRows.ID)
                        .fetch())
                .forEach(row -> byHandoff
                        .computeIfAbsent(new HandoffId(row.get(AppliedRows.HANDOFF)), id -> new ArrayList<>())
                        .add(applied(row)));
        return byHandoff;
    }

    @Override
    public List<Applied> applied(HandoffId handoff) {
        return db.read(sql -> sql.select(APPLIED)
                .from(AppliedRows.TABLE)
                .where(AppliedRows.HANDOFF.eq(handoff.value()))
                .orderBy(AppliedRows.ID)
                .fetch(JooqAppliedRepository::applied));
    }

    @Override
    public List<AppliedEntry> recent(ProjectKey project, int limit) {
        return db.read(sql -> sql.select(AppliedRows.HANDOFF, Records.SEQUENCE)
                .select(APPLIED)
                .from(AppliedRows.TABLE)
                .join(Records.TABLE)
                .on(Records.ID.eq(AppliedRows.HANDOFF))
                .where(Records.PROJECT.eq(project.value()))
                .orderBy(AppliedRows.ID.desc())
                .limit(limit)
                .fetch(row -> new AppliedEntry(
                        new HandoffId(row.get(AppliedRows.HANDOFF)),
                        Sequence.of(row.get(Records.SEQUENCE)),
                        applied(row))));
    }

    @Override
    public long count(ProjectKey project) {
        return db.read(sql -> sql.select(DSL.count())
                .from(AppliedRows.TABLE)
                .join(Records.TABLE)
                .on(Records.ID.eq(AppliedRows.HANDOFF))
                .where(Records.PROJECT.eq(project.value()))
                .fetchSingle()
                .value1()
                .longValue());
    }

    private static Applied applied(Record row) {
        return new Applied(
                row.get(AppliedRows.APPLIED_BY),
                row.get(AppliedRows.REPOSITORY),
                row.get(AppliedRows.COMMIT_REF),
                JsonLists.read(row.get(AppliedRows.PATHS)),
                Times.parse(row.get(AppliedRows.APPLIED_AT)));
    }
}
