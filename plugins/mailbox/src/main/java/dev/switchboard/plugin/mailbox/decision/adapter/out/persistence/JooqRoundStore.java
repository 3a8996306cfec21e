package dev.switchboard.plugin.mailbox.decision.adapter.out.persistence;

import static org.jooq.impl.DSL.position;

import java.util.List;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import org.jooq.Condition;
import org.jooq.impl.DSL;

import dev.switchboard.plugin.mailbox.channel.adapter.out.persistence.JdbcQuery;
import dev.switchboard.plugin.mailbox.channel.adapter.out.persistence.JooqTx;
import dev.switchboard.plugin.mailbox.channel.adapter.out.persistence.MailboxTables.Messages;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Tx;
import dev.switchboard.plugin.mailbox.decision.application.port.out.RoundStore;

/**
 * {@link RoundStore} over {@code mailbox_message}, {@code mailbox_recipient} and {@code mailbox_ack}. Text claims use
 * {@code position} ({@code instr} on SQLite, {@code strpos} on PostgreSQL), so they are literal and case-sensitive on
 * both. Stateless.
 */
@Singleton
public final class JooqRoundStore implements RoundStore {

    private static final String PROC = "proc";

    @Inject
    JooqRoundStore() {}

    @Override
    public List<Long> liveProposalsClaimedBy(Tx tx, String key) {
        Condition byText = Messages.PIN_KEY
                .isNull()
                .and(position(Messages.TOPIC, DSL.val(key))
                        .gt(0)
                        .or(position(Messages.BODY, DSL.val(key)).gt(0)));
        return ids(
                tx,
                live(tx).and(Messages.KIND.eq(PROC))
                        .and(Messages.PIN_KEY.eq(key).or(byText)));
    }

    @Override
    public List<Long> awaitingDecisionOf(Tx tx, String role, String fromRole, String pinKey) {
        return JdbcQuery.translated(
                "reading the proposals awaiting a decision",
                () -> RoundQueries.awaitingDecisionOf(
                        JooqTx.of(tx).connection(), tx.channelId(), role, fromRole, pinKey));
    }

    private static Condition live(Tx tx) {
        return Messages.CHANNEL_ID
                .eq(tx.channelId())
                .and(Messages.DELETED_AT.isNull())
                .and(Messages.SUPERSEDED_AT.isNull());
    }

    private static List<Long> ids(Tx tx, Condition condition) {
        return JooqTx.of(tx)
                .sql()
                .select(Messages.ID)
                .from(Messages.TABLE)
                .where(condition)
                .orderBy(Messages.ID)
                .fetch(Messages.ID);
    }
}
