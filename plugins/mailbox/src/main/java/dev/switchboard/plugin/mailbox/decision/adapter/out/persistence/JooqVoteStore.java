package dev.switchboard.plugin.mailbox.decision.adapter.out.persistence;

import static org.jooq.impl.DSL.field;
import static org.jooq.impl.DSL.name;
import static org.jooq.impl.DSL.table;

import java.util.List;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Record;
import org.jooq.Table;
import org.jooq.impl.SQLDataType;

import dev.switchboard.plugin.mailbox.channel.adapter.out.persistence.JooqTx;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Tx;
import dev.switchboard.plugin.mailbox.decision.application.port.out.VoteStore;
import dev.switchboard.plugin.mailbox.decision.domain.Decision;
import dev.switchboard.plugin.mailbox.decision.domain.Vote;

/** {@link VoteStore} on {@code mailbox_ack}: one row per (channel, message, role), replaced in place. Stateless. */
@Singleton
public final class JooqVoteStore implements VoteStore {

    private static final Table<Record> ACK = table(name("mailbox_ack"));
    private static final Field<Long> CHANNEL_ID = field(name("channel_id"), SQLDataType.BIGINT);
    private static final Field<Long> MESSAGE_ID = field(name("message_id"), SQLDataType.BIGINT);
    private static final Field<String> ROLE = field(name("role"), SQLDataType.VARCHAR);
    private static final Field<String> DECISION = field(name("decision"), SQLDataType.VARCHAR);
    private static final Field<String> NOTE = field(name("note"), SQLDataType.VARCHAR);
    private static final Field<String> CREATED_AT = field(name("created_at"), SQLDataType.VARCHAR);

    @Inject
    JooqVoteStore() {}

    @Override
    public List<Vote> votes(Tx tx, long messageId) {
        return JooqTx.of(tx)
                .sql()
                .select(ROLE, DECISION, NOTE, CREATED_AT)
                .from(ACK)
                .where(CHANNEL_ID.eq(tx.channelId()))
                .and(MESSAGE_ID.eq(messageId))
                .orderBy(ROLE)
                .fetch(row -> new Vote(
                        row.get(ROLE),
                        Decision.parse(row.get(DECISION)).orElseThrow(),
                        row.get(NOTE),
                        row.get(CREATED_AT)));
    }

    @Override
    public void save(Tx tx, long messageId, Vote vote) {
        DSLContext sql = JooqTx.of(tx).sql();
        int updated = sql.update(ACK)
                .set(DECISION, vote.decision().wire())
                .set(NOTE, vote.note())
                .set(CREATED_AT, vote.createdAt())
                .where(CHANNEL_ID.eq(tx.channelId()))
                .and(MESSAGE_ID.eq(messageId))
                .and(ROLE.eq(vote.role()))
                .execute();
        if (updated == 0) {
            sql.insertInto(ACK)
                    .columns(CHANNEL_ID, MESSAGE_ID, ROLE, DECISION, NOTE, CREATED_AT)
                    .values(
                            tx.channelId(),
                            messageId,
                            vote.role(),
                            vote.decision().wire(),
                            vote.note(),
                            vote.createdAt())
                    .execute();
        }
    }
}
