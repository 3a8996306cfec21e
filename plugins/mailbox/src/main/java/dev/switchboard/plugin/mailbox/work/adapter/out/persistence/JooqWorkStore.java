package dev.switchboard.plugin.mailbox.work.adapter.out.persistence;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import jakarta.inject.Singleton;

import org.jooq.DSLContext;

import dev.switchboard.plugin.mailbox.channel.adapter.out.persistence.JdbcQuery;
import dev.switchboard.plugin.mailbox.channel.adapter.out.persistence.JooqTx;
import dev.switchboard.plugin.mailbox.channel.adapter.out.persistence.MailboxTables.Blockers;
import dev.switchboard.plugin.mailbox.channel.adapter.out.persistence.MailboxTables.Messages;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Tx;
import dev.switchboard.plugin.mailbox.work.application.port.out.WorkStore;
import dev.switchboard.plugin.mailbox.work.domain.BlockerFacts;
import dev.switchboard.plugin.mailbox.work.domain.DebtClaim;
import dev.switchboard.plugin.mailbox.work.domain.DebtStatus;
import dev.switchboard.plugin.mailbox.work.domain.WorkFacts;
import dev.switchboard.plugin.mailbox.work.domain.WorkStatus;

/**
 * {@link WorkStore} on {@code mailbox_message} and {@code mailbox_blocker}, the same SQL on SQLite and PostgreSQL. The
 * history's marks are columns of the message that the schema keeps from {@code mailbox_event} (no event is read here);
 * a blocker is live while it exists, is not deleted, and is not resolved.
 * Stateless and thread-safe.
 */
@Singleton
public final class JooqWorkStore implements WorkStore {

    @Override
    public Optional<WorkFacts> find(Tx tx, long id) {
        return facts(tx, " AND m.id = ?", List.of(id)).stream().findFirst();
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
        return facts(tx, WorkQueries.OPEN_DEBT + WorkQueries.ADDRESSED, List.of(role, role));
    }

    @Override
    public List<DebtClaim> openDebtClaimsTo(Tx tx, String role) {
        return read(tx, connection -> WorkQueries.claims(connection, "", List.of(tx.channelId(), role, role)));
    }

    @Override
    public int openDebtCountTo(Tx tx, String role) {
        return read(tx, connection -> WorkQueries.openDebtCountTo(connection, tx.channelId(), role));
    }

    @Override
    public List<DebtClaim> openDebtClaimsMovedBy(Tx tx, String role) {
        return read(tx, connection -> WorkQueries.openDebtClaimsMovedBy(connection, tx.channelId(), role));
    }

    @Override
    public List<WorkFacts> taskCandidates(Tx tx, String role) {
        return read(tx, connection -> WorkQueries.taskCandidates(connection, tx.channelId(), role));
    }

    @Override
    public Map<String, List<WorkFacts>> taskCandidates(Tx tx, List<String> roles) {
        return read(tx, connection -> WorkQueries.taskCandidates(connection, tx.channelId(), roles));
    }

    @Override
    public List<WorkFacts> newestOpenDebtsTo(Tx tx, String role, int limit) {
        return read(tx, connection -> WorkQueries.newestOpenDebtsTo(connection, tx.channelId(), role, limit));
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
        return read(tx, connection -> WorkQueries.facts(connection, tx.channelId(), condition, binds));
    }

    /** Runs a {@link WorkQueries} read on the transaction's connection, its failure as jOOQ's. */
    private static <T> T read(Tx tx, SqlRead<T> read) {
        Connection connection = JooqTx.of(tx).connection();
        return JdbcQuery.translated("reading the mailbox's work", () -> read.read(connection));
    }

    @FunctionalInterface
    private interface SqlRead<T> {
        T read(Connection connection) throws SQLException;
    }

    private static DSLContext sql(Tx tx) {
        return JooqTx.of(tx).sql();
    }
}
