package dev.switchboard.plugin.mailbox.work.adapter.out.persistence;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

import jakarta.inject.Singleton;

import org.jooq.DSLContext;
import org.jooq.Record;

import dev.switchboard.plugin.mailbox.channel.adapter.out.persistence.JooqTx;
import dev.switchboard.plugin.mailbox.channel.adapter.out.persistence.MailboxTables.Blockers;
import dev.switchboard.plugin.mailbox.channel.adapter.out.persistence.MailboxTables.Messages;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Tx;
import dev.switchboard.plugin.mailbox.work.application.port.out.WorkStore;
import dev.switchboard.plugin.mailbox.work.domain.BlockerFacts;
import dev.switchboard.plugin.mailbox.work.domain.DebtClaim;
import dev.switchboard.plugin.mailbox.work.domain.DebtStatus;
import dev.switchboard.plugin.mailbox.work.domain.Mark;
import dev.switchboard.plugin.mailbox.work.domain.WorkFacts;
import dev.switchboard.plugin.mailbox.work.domain.WorkStatus;
import dev.switchboard.plugin.mailbox.work.domain.WorkTrail;

/**
 * {@link WorkStore} on {@code mailbox_message} and {@code mailbox_blocker}, the same SQL on SQLite and PostgreSQL. The
 * history's marks are columns of the message that the schema keeps from {@code mailbox_event} (no event is read here);
 * a blocker is live while it exists, is not deleted, and is not resolved.
 * Stateless and thread-safe.
 */
@Singleton
public final class JooqWorkStore implements WorkStore {

    /**
     * A message's work facts: its columns and the marks of its history, which the store keeps on the message (schema
     * version 2: a trigger on {@code mailbox_event} writes them in the transaction that appends the event).
     */
    // The columns are read by position (JdbcQuery): keep facts() in step with this order.
    private static final String FACTS = "SELECT m.id, m.topic, m.from_role, m.created_at, m.action_required,"
            + " m.status, m.resolved_by, m.resolved_at, m.resolution_note, m.work_status,"
            + " m.setter_role, m.setter_seq, m.transition_role, m.transition_seq,"
            + " m.reopen_seq, m.resolve_seq, m.confirm_seq, m.moved_at"
            + " FROM mailbox_message m WHERE m.channel_id = ? AND m.deleted_at IS NULL";

    private static final String CLAIMS = "SELECT m.id, m.transition_role, coalesce(m.transition_seq, 0),"
            + " coalesce(m.reopen_seq, 0)"
            + " FROM mailbox_message m WHERE m.channel_id = ? AND m.deleted_at IS NULL";

    /** A live open debt: the condition of {@link #openDebtsTo} and {@link #openDebtClaimsTo}, after the channel's. */
    private static final String OPEN_DEBT = " AND m.action_required = 1 AND m.status = 'open'";

    private static final String PARTICIPANT = " AND (m.from_role = ? OR EXISTS (SELECT 1 FROM mailbox_recipient r"
            + " WHERE r.channel_id = m.channel_id AND r.message_id = m.id AND r.to_role = ?))";

    /**
     * Addressed to the role (bound twice). {@code to_role} is the one recipient of a message that has one, and
     * {@code '*'} for the others, whose recipients are rows: the common case is a column compare, not a lookup.
     */
    private static final String ADDRESSED = " AND (m.to_role = ? OR (m.to_role = '*' AND EXISTS (SELECT 1"
            + " FROM mailbox_recipient r WHERE r.channel_id = m.channel_id AND r.message_id = m.id"
            + " AND r.to_role = ?)))";

    private static final String LIVE_BLOCKER =
            "b.id IS NOT NULL AND b.deleted_at IS NULL" + " AND (b.status IS NULL OR b.status = 'open')";

    private static final String BLOCKERS_OF_BLOCKED = "SELECT bl.message_id, bl.blocker_id,"
            + " CASE WHEN " + LIVE_BLOCKER + " THEN 1 ELSE 0 END AS live"
            + " FROM mailbox_blocker bl"
            + " JOIN mailbox_message t ON t.channel_id = bl.channel_id AND t.id = bl.message_id"
            + " LEFT JOIN mailbox_message b ON b.channel_id = bl.channel_id AND b.id = bl.blocker_id"
            + " WHERE bl.channel_id = ? AND t.deleted_at IS NULL AND t.work_status = 'blocked'";

    @Override
    public Optional<WorkFacts> find(Tx tx, long id) {
        return facts(tx, " AND m.id = ?", List.of(id), Optional.of(id)).stream().findFirst();
    }

    @Override
    public List<BlockerFacts> blockers(Tx tx, Collection<Long> ids) {
        if (ids.isEmpty()) {
            return List.of();
        }
        Map<Long, BlockerFacts> found = new HashMap<>();
        sql(tx).select(Messages.ID, Messages.ACTION_REQUIRED, Messages.STATUS)
                .from(Messages.TABLE)
                .where(Messages.CHANNEL_ID.eq(tx.channelId()))
                .and(Messages.ID.in(ids))
                .and(Messages.DELETED_AT.isNull())
                .fetch()
                .forEach(row -> found.put(
                        row.get(Messages.ID),
                        new BlockerFacts(
                                row.get(Messages.ID),
                                true,
                                row.get(Messages.ACTION_REQUIRED) == 1,
                                DebtStatus.RESOLVED.wire().equals(row.get(Messages.STATUS)))));
        return ids.stream()
                .map(id -> found.getOrDefault(id, BlockerFacts.missing(id)))
                .toList();
    }

    @Override
    public List<WorkFacts> openDebtsTo(Tx tx, String role) {
        return facts(tx, OPEN_DEBT + ADDRESSED, List.of(role, role));
    }

    @Override
    public List<DebtClaim> openDebtClaimsTo(Tx tx, String role) {
        return claims(tx, "", List.of(tx.channelId(), role, role));
    }

    @Override
    public int openDebtCountTo(Tx tx, String role) {
        return JdbcQuery.list(
                        JooqTx.of(tx).connection(),
                        "SELECT count(*) FROM mailbox_message m WHERE m.channel_id = ? AND m.deleted_at IS NULL"
                                + OPEN_DEBT
                                + ADDRESSED,
                        List.of(tx.channelId(), role, role),
                        row -> row.getInt(1))
                .getFirst();
    }

    @Override
    public List<DebtClaim> openDebtClaimsMovedBy(Tx tx, String role) {
        return claims(tx, " AND m.transition_role = ?", List.of(tx.channelId(), role, role, role));
    }

    private static List<DebtClaim> claims(Tx tx, String condition, List<Object> binds) {
        return JdbcQuery.list(
                JooqTx.of(tx).connection(),
                CLAIMS + OPEN_DEBT + ADDRESSED + condition + " ORDER BY m.id",
                binds,
                row -> {
                    String transitionRole = row.getString(2);
                    return new DebtClaim(
                            row.getLong(1),
                            transitionRole == null ? null : new Mark(transitionRole, row.getLong(3)),
                            row.getLong(4));
                });
    }

    @Override
    public List<WorkFacts> taskCandidates(Tx tx, String role) {
        return facts(
                tx,
                " AND (m.work_status IS NOT NULL OR (m.action_required = 1 AND m.status = 'resolved'))" + PARTICIPANT,
                List.of(role, role));
    }

    @Override
    public List<WorkFacts> blockedOn(Tx tx, long blockerId) {
        return facts(
                tx,
                " AND m.work_status = 'blocked' AND EXISTS (SELECT 1 FROM mailbox_blocker bl"
                        + " WHERE bl.channel_id = m.channel_id AND bl.message_id = m.id AND bl.blocker_id = ?)",
                List.of(blockerId));
    }

    @Override
    public Set<Long> confirmedResolutions(Tx tx, Collection<Long> ids) {
        if (ids.isEmpty()) {
            return Set.of();
        }
        List<Object> binds = new ArrayList<>();
        binds.add(tx.channelId());
        binds.addAll(ids);
        String query = "SELECT m.id FROM mailbox_message m WHERE m.channel_id = ? AND m.id IN ("
                + String.join(", ", java.util.Collections.nCopies(ids.size(), "?")) + ")"
                + " AND m.action_required = 1 AND m.status = 'resolved'"
                + " AND coalesce(m.confirm_seq, 0) > coalesce(m.resolve_seq, 0)";
        return Set.copyOf(JdbcQuery.list(JooqTx.of(tx).connection(), query, binds, row -> row.getLong(1)));
    }

    @Override
    public void setWorkStatus(Tx tx, long id, WorkStatus value, List<Long> blockers) {
        DSLContext sql = sql(tx);
        sql.update(Messages.TABLE)
                .set(Messages.WORK_STATUS, value.wire())
                .where(Messages.CHANNEL_ID.eq(tx.channelId()))
                .and(Messages.ID.eq(id))
                .execute();
        sql.deleteFrom(Blockers.TABLE)
                .where(Blockers.CHANNEL_ID.eq(tx.channelId()))
                .and(Blockers.MESSAGE_ID.eq(id))
                .execute();
        for (long blocker : blockers) {
            sql.insertInto(Blockers.TABLE, Blockers.CHANNEL_ID, Blockers.MESSAGE_ID, Blockers.BLOCKER_ID)
                    .values(tx.channelId(), id, blocker)
                    .execute();
        }
    }

    @Override
    public void resolve(Tx tx, long id, String role, String note) {
        sql(tx).update(Messages.TABLE)
                .set(Messages.STATUS, DebtStatus.RESOLVED.wire())
                .set(Messages.RESOLVED_BY, role)
                .set(Messages.RESOLVED_AT, tx.now())
                .set(Messages.RESOLUTION_NOTE, note)
                .where(Messages.CHANNEL_ID.eq(tx.channelId()))
                .and(Messages.ID.eq(id))
                .execute();
    }

    @Override
    public void reopen(Tx tx, long id) {
        sql(tx).update(Messages.TABLE)
                .set(Messages.STATUS, DebtStatus.OPEN.wire())
                .setNull(Messages.RESOLVED_BY)
                .setNull(Messages.RESOLVED_AT)
                .setNull(Messages.RESOLUTION_NOTE)
                .where(Messages.CHANNEL_ID.eq(tx.channelId()))
                .and(Messages.ID.eq(id))
                .execute();
    }

    private List<WorkFacts> facts(Tx tx, String condition, List<Object> binds) {
        return facts(tx, condition, binds, Optional.empty());
    }

    /** The facts of the messages the condition selects; {@code only} narrows the blockers read to one task. */
    private List<WorkFacts> facts(Tx tx, String condition, List<Object> binds, Optional<Long> only) {
        List<Object> all = new ArrayList<>();
        all.add(tx.channelId());
        all.addAll(binds);
        Map<Long, List<long[]>> blockers = blockersOfBlocked(sql(tx), tx.channelId(), only);
        return JdbcQuery.list(JooqTx.of(tx).connection(), FACTS + condition + " ORDER BY m.id", all, row -> {
            long id = row.getLong(1);
            List<long[]> ofTask = blockers.getOrDefault(id, List.of());
            return new WorkFacts(
                    id,
                    row.getString(2),
                    row.getString(3),
                    row.getString(4),
                    row.getInt(5) == 1,
                    DebtStatus.fromWire(row.getString(6)).orElse(null),
                    row.getString(7),
                    row.getString(8),
                    row.getString(9),
                    WorkStatus.fromWire(row.getString(10)).orElse(null),
                    ofTask.stream().map(pair -> pair[0]).toList(),
                    (int) ofTask.stream().filter(pair -> pair[1] == 1).count(),
                    new WorkTrail(
                            mark(row.getString(11), JdbcQuery.nullableLong(row, 12)),
                            mark(row.getString(13), JdbcQuery.nullableLong(row, 14)),
                            seq(JdbcQuery.nullableLong(row, 15)),
                            seq(JdbcQuery.nullableLong(row, 16)),
                            seq(JdbcQuery.nullableLong(row, 17))),
                    row.getString(18));
        });
    }

    /** Blocker id and liveness (1 or 0) per blocked task, ascending by blocker id. */
    private static Map<Long, List<long[]>> blockersOfBlocked(DSLContext sql, long channelId, Optional<Long> only) {
        String query = BLOCKERS_OF_BLOCKED + (only.isPresent() ? " AND bl.message_id = ?" : "")
                + " ORDER BY bl.message_id, bl.blocker_id";
        Object[] binds = only.isPresent() ? new Object[] {channelId, only.get()} : new Object[] {channelId};
        Map<Long, List<long[]>> byTask = new TreeMap<>();
        for (Record row : sql.resultQuery(query, binds).fetch()) {
            byTask.computeIfAbsent(row.get("message_id", Long.class), task -> new ArrayList<>())
                    .add(new long[] {row.get("blocker_id", Long.class), row.get("live", Long.class)});
        }
        return byTask;
    }

    private static Mark mark(String who, Long at) {
        return who == null || at == null ? null : new Mark(who, at);
    }

    private static long seq(Long value) {
        return value == null ? 0 : value;
    }

    private static DSLContext sql(Tx tx) {
        return JooqTx.of(tx).sql();
    }
}
