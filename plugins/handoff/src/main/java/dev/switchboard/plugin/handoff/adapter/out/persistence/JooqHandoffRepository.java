package dev.switchboard.plugin.handoff.adapter.out.persistence;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import jakarta.inject.Inject;

import org.jooq.Condition;
import org.jooq.DSLContext;
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

    /**
     * Appends in one transaction: an earlier handoff with the idempotency key is answered instead; otherwise the next
     * sequence is taken from the project row (which the update keeps locked, on every backend, until the commit) and
     * the row inserted. When a publisher on another connection commits the same idempotency key in between (possible
     * on PostgreSQL, where writers run in parallel), the insert skips, this transaction rolls back (the sequence is
     * given back, so none is lost) and the winner's row is answered, as for a retry.
     */
    @Override
    public Optional<AppendResult> append(NewHandoff handoff) {
        try {
            return db.transaction(handoff.project().value(), connection -> appendIn(connection, handoff));
        } catch (IdempotencyKeyTaken e) {
            return db.read(sql -> sql.select(Records.COLUMNS)
                            .from(Records.TABLE)
                            .where(Records.IDEMPOTENCY_KEY.eq(handoff.idempotencyKey()))
                            .fetchOptional())
                    .map(earlier -> answer(handoff, earlier));
        }
    }

    private Optional<AppendResult> appendIn(Connection connection, NewHandoff handoff) throws SQLException {
        String project = handoff.project().value();
        AppendSql append = db.append();
        if (handoff.idempotencyKey() != null) {
            if (!append.registered(connection, project)) {
                return Optional.empty();
            }
            if (append.keyTaken(connection, handoff.idempotencyKey())) {
                Record earlier = db.jooq(connection)
                        .select(Records.COLUMNS)
                        .from(Records.TABLE)
                        .where(Records.IDEMPOTENCY_KEY.eq(handoff.idempotencyKey()))
                        .fetchOne();
                return Optional.of(answer(handoff, earlier));
            }
        }
        // the update locks the project's row (SQLite: the whole database) until the commit: no one else can take the
        // same sequence, and a rollback gives it back
        AppendSql.Appended appended = append.append(connection, handoff);
        switch (appended.outcome()) {
            case UNREGISTERED -> {
                return Optional.empty();
            }
            case KEY_TAKEN -> throw new IdempotencyKeyTaken();
            case INSERTED -> listChanged.publish(connection);
        }
        return Optional.of(new AppendResult.Committed(new Receipt(
                handoff.id(),
                handoff.project(),
                Sequence.of(appended.sequence()),
                handoff.checksum(),
                handoff.committedAt())));
    }

    /** A retry with the same payload replays the earlier receipt; another payload under the key conflicts. */
    private static AppendResult answer(NewHandoff handoff, Record earlier) {
        Receipt receipt = HandoffRows.receipt(earlier);
        return handoff.fingerprint().value().equals(earlier.get(Records.FINGERPRINT))
                ? new AppendResult.Replayed(receipt)
                : new AppendResult.Conflict(receipt);
    }

    /** Another connection committed the idempotency key first; thrown to roll the losing transaction back. */
    private static final class IdempotencyKeyTaken extends RuntimeException {
        private static final long serialVersionUID = 1L;

        IdempotencyKeyTaken() {
            super("the idempotency key was committed by another connection", null, false, false);
        }
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
        return db.read(sql -> latest(sql, limit).stream()
                .map(row -> HandoffRows.summary(row, List.of()))
                .toList());
    }

    @Override
    public List<HandoffSummary> timeline(int limit) {
        return db.read(sql -> {
            List<Record> rows = latest(sql, limit);
            Map<String, List<String>> routed = RoutedTargets.of(sql, rows);
            return rows.stream()
                    .map(row -> HandoffRows.summary(row, routed.getOrDefault(row.get(Records.ID), List.of())))
                    .toList();
        });
    }

    private static List<Record> latest(DSLContext sql, int limit) {
        return sql
                .select(HandoffRows.SUMMARY)
                .from(Records.TABLE)
                .orderBy(Records.COMMITTED_AT.desc(), Records.SEQUENCE.desc())
                .limit(limit)
                .fetch()
                .stream()
                .filter(HandoffRows::registered)
                .map(Record.class::cast)
                .toList();
    }

    /** Only handoffs of registered projects: legacy rows are invisible until a registration merges them. */
    private Optional<Handoff> one(Condition condition) {
        return db.read(sql -> sql.select(Records.COLUMNS)
                        .from(Records.TABLE)
                        .where(condition)
                        .fetchOptional())
                .filter(HandoffRows::registered)
                .map(HandoffRows::handoff);
    }
}
