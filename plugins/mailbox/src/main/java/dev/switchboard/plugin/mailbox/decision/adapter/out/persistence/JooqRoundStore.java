package dev.switchboard.plugin.mailbox.decision.adapter.out.persistence;

import static org.jooq.impl.DSL.position;

import java.util.List;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import org.jooq.Condition;
import org.jooq.impl.DSL;

import dev.switchboard.plugin.mailbox.channel.adapter.out.persistence.JooqTx;
import dev.switchboard.plugin.mailbox.channel.adapter.out.persistence.Json;
import dev.switchboard.plugin.mailbox.channel.adapter.out.persistence.MailboxTables.Acks;
import dev.switchboard.plugin.mailbox.channel.adapter.out.persistence.MailboxTables.Messages;
import dev.switchboard.plugin.mailbox.channel.adapter.out.persistence.MailboxTables.Recipients;
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
        Condition condition = live(tx).and(Messages.KIND.eq(PROC))
                .and(Messages.DECISION_REQUESTED.eq(1))
                .and(Messages.ABOUT.isNull())
                .and(DSL.exists(DSL.selectOne()
                        .from(Recipients.TABLE)
                        .where(Recipients.CHANNEL_ID.eq(Messages.CHANNEL_ID))
                        .and(Recipients.MESSAGE_ID.eq(Messages.ID))
                        .and(Recipients.ROLE.eq(role))))
                .andNotExists(DSL.selectOne()
                        .from(Acks.TABLE)
                        .where(Acks.CHANNEL_ID.eq(Messages.CHANNEL_ID))
                        .and(Acks.MESSAGE_ID.eq(Messages.ID))
                        .and(Acks.ROLE.eq(role))
                        .and(Messages.REVISED_AT.isNull().or(Acks.CREATED_AT.gt(Messages.REVISED_AT))));
        if (fromRole != null) {
            condition = condition.and(Messages.FROM.eq(fromRole));
        }
        if (pinKey != null) {
            condition = condition.and(Messages.PIN_KEY.eq(pinKey));
        }
        return JooqTx.of(tx)
                .sql()
                .select(Messages.ID, Messages.VOTERS)
                .from(Messages.TABLE)
                .where(condition)
                .orderBy(Messages.ID)
                .fetch()
                .stream()
                .filter(row -> votes(row.get(Messages.VOTERS), role))
                .map(row -> row.get(Messages.ID))
                .toList();
    }

    /** A declared electorate (a JSON array of roles) must include the role; none declared means the recipients. */
    private static boolean votes(String voters, String role) {
        List<String> declared = Json.strings(voters);
        return declared == null || declared.contains(role);
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
