package dev.switchboard.plugin.handoff.adapter.out.persistence;

import java.util.List;
import java.util.Optional;

import jakarta.inject.Inject;

import org.jooq.Condition;
import org.jooq.DSLContext;
import org.jooq.Record;

import dev.switchboard.plugin.handoff.adapter.out.persistence.HandoffTables.Projects;
import dev.switchboard.plugin.handoff.adapter.out.persistence.HandoffTables.Records;
import dev.switchboard.plugin.handoff.application.port.out.AppendHandoffPort;
import dev.switchboard.plugin.handoff.application.port.out.AppendResult;
import dev.switchboard.plugin.handoff.application.port.out.LoadHandoffPort;
import dev.switchboard.plugin.handoff.application.port.out.NewHandoff;
import dev.switchboard.plugin.handoff.domain.Handoff;
import dev.switchboard.plugin.handoff.domain.HandoffId;
import dev.switchboard.plugin.handoff.domain.HandoffSummary;
import dev.switchboard.plugin.handoff.domain.ProjectKey;
import dev.switchboard.plugin.handoff.domain.Receipt;
import dev.switchboard.plugin.handoff.domain.Sequence;
import dev.switchboard.ports.storage.StorageException;

/** Appends and loads handoffs in {@code handoff_record}. Thread-safe. */
public final class JooqHandoffRepository implements AppendHandoffPort, LoadHandoffPort {

    private final Database db;

    @Inject
    JooqHandoffRepository(Database db) {
        this.db = db;
    }

    @Override
    public AppendResult append(NewHandoff handoff) {
        return db.write(sql -> {
            if (handoff.idempotencyKey() != null) {
                Record earlier = sql.select(HandoffRows.FULL).from(Records.TABLE)
                        .where(Records.IDEMPOTENCY_KEY.eq(handoff.idempotencyKey())).fetchOne();
                if (earlier != null) {
                    Receipt receipt = HandoffRows.receipt(earlier);
                    return handoff.fingerprint().value().equals(earlier.get(Records.FINGERPRINT))
                            ? new AppendResult.Replayed(receipt) : new AppendResult.Conflict(receipt);
                }
            }
            Sequence sequence = allocate(sql, handoff.project());
            insert(sql, handoff, sequence);
            return new AppendResult.Committed(new Receipt(handoff.id(), handoff.project(), sequence,
                    handoff.checksum(), handoff.committedAt()));
        });
    }

    @Override
    public Optional<Handoff> byId(HandoffId id) {
        return one(Records.ID.eq(id.value()));
    }

    @Override
    public Optional<Handoff> byIdempotencyKey(String idempotencyKey) {
        return one(Records.IDEMPOTENCY_KEY.eq(idempotencyKey));
    }

    @Override
    public Optional<Handoff> bySequence(ProjectKey project, Sequence sequence) {
        return one(Records.PROJECT.eq(project.value()).and(Records.SEQUENCE.eq(sequence.value())));
    }

    @Override
    public List<HandoffSummary> recent(int limit) {
        return db.read(sql -> sql.select(HandoffRows.SUMMARY).from(Records.TABLE)
                .orderBy(Records.COMMITTED_AT.desc(), Records.SEQUENCE.desc())
                .limit(limit)
                .fetch().stream()
                .filter(HandoffRows::registered)
                .map(row -> HandoffRows.summary(row, List.of()))
                .toList());
    }

    /** Only handoffs of registered projects: legacy rows are invisible until a registration merges them. */
    private Optional<Handoff> one(Condition condition) {
        return db.read(sql -> sql.select(HandoffRows.FULL).from(Records.TABLE).where(condition).fetchOptional())
                .filter(HandoffRows::registered)
                .map(HandoffRows::handoff);
    }

    /** Takes the project's next sequence; the caller's transaction holds the write lock, so no one else can. */
    private static Sequence allocate(DSLContext sql, ProjectKey project) {
        int updated = sql.update(Projects.TABLE)
                .set(Projects.LATEST, Projects.LATEST.plus(1L))
                .where(Projects.KEY.eq(project.value()))
                .execute();
        if (updated != 1) {
            throw new StorageException("project '" + project + "' is not registered; cannot allocate a sequence");
        }
        return Sequence.of(sql.select(Projects.LATEST).from(Projects.TABLE)
                .where(Projects.KEY.eq(project.value())).fetchSingle(Projects.LATEST));
    }

    private static void insert(DSLContext sql, NewHandoff handoff, Sequence sequence) {
        var draft = handoff.draft();
        sql.insertInto(Records.TABLE)
                .set(Records.ID, handoff.id().value())
                .set(Records.PROJECT, handoff.project().value())
                .set(Records.SEQUENCE, sequence.value())
                .set(Records.TITLE, draft.title())
                .set(Records.SUMMARY, draft.summary())
                .set(Records.CONTENT, draft.content())
                .set(Records.KIND, draft.kind())
                .set(Records.TAGS, JsonLists.write(draft.tags()))
                .set(Records.SOURCE, draft.source())
                .set(Records.SOURCE_REFERENCE, draft.sourceReference())
                .set(Records.IMPORTANCE, draft.importance())
                .set(Records.SENSITIVITY, draft.sensitivity())
                .set(Records.SUGGESTED_TARGETS, JsonLists.write(draft.suggestedTargets()))
                .set(Records.IDEMPOTENCY_KEY, handoff.idempotencyKey())
                .set(Records.FINGERPRINT, handoff.fingerprint().value())
                .set(Records.CHECKSUM, handoff.checksum().value())
                .set(Records.SENSITIVE_OVERRIDE, handoff.overriddenRules().isEmpty() ? 0L : 1L)
                .set(Records.OVERRIDE_RULES, JsonLists.write(handoff.overriddenRules()))
                .set(Records.PUBLISHED_BY, handoff.publishedBy())
                .set(Records.COMMITTED_AT, Times.format(handoff.committedAt()))
                .execute();
    }
}
