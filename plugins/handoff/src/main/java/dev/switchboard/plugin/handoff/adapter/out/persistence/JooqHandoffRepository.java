package dev.switchboard.plugin.handoff.adapter.out.persistence;

import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

import jakarta.inject.Inject;

import org.jooq.Condition;
import org.jooq.Record;

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

/** Appends and loads handoffs in {@code handoff_record}. Thread-safe. */
public final class JooqHandoffRepository implements AppendHandoffPort, LoadHandoffPort {

    private final Database db;
    private final ListChangeSignal listChanged;

    @Inject
    JooqHandoffRepository(Database db, ListChangeSignal listChanged) {
        this.db = db;
        this.listChanged = listChanged;
    }

    @Override
    public Optional<AppendResult> append(NewHandoff handoff) {
        String project = handoff.project().value();
        return db.transaction(connection -> {
            if (handoff.idempotencyKey() != null) {
                if (!AppendSql.registered(connection, project)) {
                    return Optional.empty();
                }
                Record earlier = Database.jooq(connection)
                        .select(HandoffRows.FULL)
                        .from(Records.TABLE)
                        .where(Records.IDEMPOTENCY_KEY.eq(handoff.idempotencyKey()))
                        .fetchOne();
                if (earlier != null) {
                    Receipt receipt = HandoffRows.receipt(earlier);
                    return Optional.of(
                            handoff.fingerprint().value().equals(earlier.get(Records.FINGERPRINT))
                                    ? new AppendResult.Replayed(receipt)
                                    : new AppendResult.Conflict(receipt));
                }
            }
            // the caller's transaction holds the write lock, so no one else can take the same sequence
            OptionalLong sequence = AppendSql.allocate(connection, project);
            if (sequence.isEmpty()) {
                return Optional.empty();
            }
            AppendSql.insert(connection, handoff, sequence.getAsLong());
            listChanged.publish(connection);
            return Optional.of(new AppendResult.Committed(new Receipt(
                    handoff.id(),
                    handoff.project(),
                    Sequence.of(sequence.getAsLong()),
                    handoff.checksum(),
                    handoff.committedAt())));
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
        return db.read(sql -> sql
                .select(HandoffRows.SUMMARY)
                .from(Records.TABLE)
                .orderBy(Records.COMMITTED_AT.desc(), Records.SEQUENCE.desc())
                .limit(limit)
                .fetch()
                .stream()
                .filter(HandoffRows::registered)
                .map(row -> HandoffRows.summary(row, List.of()))
                .toList());
    }

    /** Only handoffs of registered projects: legacy rows are invisible until a registration merges them. */
    private Optional<Handoff> one(Condition condition) {
        return db.read(sql -> sql.select(HandoffRows.FULL)
                        .from(Records.TABLE)
                        .where(condition)
                        .fetchOptional())
                .filter(HandoffRows::registered)
                .map(HandoffRows::handoff);
    }
}
