package dev.switchboard.plugin.mailbox.cleanup.adapter.out.persistence;

import static org.jooq.impl.DSL.field;
import static org.jooq.impl.DSL.name;
import static org.jooq.impl.DSL.table;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Record;
import org.jooq.Table;
import org.jooq.impl.SQLDataType;

import dev.switchboard.plugin.mailbox.channel.adapter.out.persistence.JooqTx;
import dev.switchboard.plugin.mailbox.channel.adapter.out.persistence.MailboxTables.Messages;
import dev.switchboard.plugin.mailbox.channel.adapter.out.persistence.MailboxTables.Recipients;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Tx;
import dev.switchboard.plugin.mailbox.cleanup.application.port.out.CleanupStore;
import dev.switchboard.plugin.mailbox.cleanup.domain.Summary;

/** {@link CleanupStore} over {@code mailbox_message}, {@code mailbox_recipient} and {@code mailbox_pin}. Stateless. */
@Singleton
public final class JooqCleanupStore implements CleanupStore {

    private static final Table<Record> PIN = table(name("mailbox_pin"));
    private static final Field<Long> PIN_CHANNEL = field(name("mailbox_pin", "channel_id"), SQLDataType.BIGINT);
    private static final Field<String> PIN_KEY = field(name("mailbox_pin", "pin_key"), SQLDataType.VARCHAR);
    private static final Field<Long> APPROVED_BY = field(name("mailbox_pin", "approved_by"), SQLDataType.BIGINT);

    @Inject
    JooqCleanupStore() {}

    @Override
    public List<Summary> live(Tx tx) {
        DSLContext sql = JooqTx.of(tx).sql();
        Map<Long, List<String>> recipients = new HashMap<>();
        sql.select(Recipients.MESSAGE_ID, Recipients.ROLE)
                .from(Recipients.TABLE)
                .where(Recipients.CHANNEL_ID.eq(tx.channelId()))
                .orderBy(Recipients.MESSAGE_ID)
                .forEach(row -> recipients
                        .computeIfAbsent(row.get(Recipients.MESSAGE_ID), id -> new ArrayList<>())
                        .add(row.get(Recipients.ROLE)));
        return sql.select(
                        Messages.ID,
                        Messages.FROM,
                        Messages.TOPIC,
                        Messages.BODY,
                        Messages.CREATED_AT,
                        Messages.KIND,
                        Messages.PIN_KEY,
                        Messages.ABOUT)
                .from(Messages.TABLE)
                .where(Messages.CHANNEL_ID.eq(tx.channelId()))
                .and(Messages.DELETED_AT.isNull())
                .and(Messages.SUPERSEDED_AT.isNull())
                .orderBy(Messages.ID)
                .fetch(row -> new Summary(
                        row.get(Messages.ID),
                        row.get(Messages.FROM),
                        recipients.getOrDefault(row.get(Messages.ID), List.of()),
                        row.get(Messages.TOPIC),
                        row.get(Messages.BODY),
                        row.get(Messages.CREATED_AT),
                        row.get(Messages.KIND),
                        row.get(Messages.PIN_KEY),
                        row.get(Messages.ABOUT)));
    }

    @Override
    public Map<Long, String> dead(Tx tx) {
        Map<Long, String> dead = new LinkedHashMap<>();
        JooqTx.of(tx)
                .sql()
                .select(Messages.ID, Messages.DELETED_AT)
                .from(Messages.TABLE)
                .where(Messages.CHANNEL_ID.eq(tx.channelId()))
                .and(Messages.DELETED_AT.isNotNull().or(Messages.SUPERSEDED_AT.isNotNull()))
                .forEach(row -> dead.put(
                        row.get(Messages.ID), row.get(Messages.DELETED_AT) != null ? "deleted" : "superseded"));
        return dead;
    }

    @Override
    public Map<Long, String> approvals(Tx tx) {
        Map<Long, String> approvals = new LinkedHashMap<>();
        JooqTx.of(tx)
                .sql()
                .selectDistinct(APPROVED_BY, PIN_KEY)
                .from(PIN)
                .where(PIN_CHANNEL.eq(tx.channelId()))
                .and(APPROVED_BY.isNotNull())
                .forEach(row -> approvals.put(row.get(APPROVED_BY), row.get(PIN_KEY)));
        return approvals;
    }

    @Override
    public void restore(Tx tx, long messageId) {
        JooqTx.of(tx)
                .sql()
                .update(Messages.TABLE)
                .setNull(Messages.SUPERSEDED_AT)
                .where(Messages.CHANNEL_ID.eq(tx.channelId()))
                .and(Messages.ID.eq(messageId))
                .execute();
    }
}
