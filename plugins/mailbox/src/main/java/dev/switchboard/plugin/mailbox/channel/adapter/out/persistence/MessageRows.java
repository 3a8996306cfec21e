package dev.switchboard.plugin.mailbox.channel.adapter.out.persistence;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.jooq.Condition;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Record;
import org.jooq.SortField;
import org.jooq.impl.DSL;
import org.jooq.impl.SQLDataType;

import dev.switchboard.plugin.mailbox.channel.adapter.out.persistence.MailboxTables.Blockers;
import dev.switchboard.plugin.mailbox.channel.adapter.out.persistence.MailboxTables.Messages;
import dev.switchboard.plugin.mailbox.channel.adapter.out.persistence.MailboxTables.Recipients;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Tx;
import dev.switchboard.plugin.mailbox.channel.domain.Message;
import dev.switchboard.plugin.mailbox.channel.domain.Recipient;

/**
 * Loads {@link Message}s of the transaction's channel (row, recipients, blockers: three queries for any number of
 * messages), for every mailbox persistence adapter that returns messages: whole, or with at most a number of each
 * body's characters, cut by the database ({@code substr}, counting code points on SQLite and PostgreSQL alike) with
 * the whole body's length beside it, so the rest of an 8 MiB body never leaves the database. Stateless.
 */
public final class MessageRows {

    private MessageRows() {}

    /**
     * @param tx    the transaction (its channel is added to {@code where})
     * @param where which messages (conditions on {@link Messages})
     * @param order their order
     * @param limit the most to load, or null for all
     * @return the messages, in {@code order}
     */
    public static List<Message> select(Tx tx, Condition where, List<? extends SortField<?>> order, Integer limit) {
        return select(tx, where, order, limit, WHOLE);
    }

    /** The {@code bodyChars} of {@link #select(Tx, Condition, List, Integer, int)} for whole bodies. */
    public static final int WHOLE = Integer.MAX_VALUE;

    /** The whole body's length in code points, beside a cut body. */
    private static final Field<Long> BODY_CHARS =
            DSL.charLength(Messages.BODY).cast(SQLDataType.BIGINT).as("body_chars");

    /**
     * @param tx        the transaction (its channel is added to {@code where})
     * @param where     which messages (conditions on {@link Messages})
     * @param order     their order
     * @param limit     the most to load, or null for all
     * @param bodyChars how many characters (code points) of each body to load: {@link #WHOLE}, or 0 and up; a message
     *                  read with less than {@code WHOLE} has {@link Message#bodyChars()} set, even when its body
     *                  was shorter than the cut
     * @return the messages, in {@code order}
     */
    public static List<Message> select(
            Tx tx, Condition where, List<? extends SortField<?>> order, Integer limit, int bodyChars) {
        if (bodyChars < 0) {
            throw new IllegalArgumentException("bodyChars must be 0 or more, got " + bodyChars);
        }
        DSLContext sql = JooqTx.of(tx).sql();
        List<Field<?>> columns = Messages.ALL;
        if (bodyChars != WHOLE) {
            columns = new ArrayList<>(Messages.ALL);
            columns.set(
                    columns.indexOf(Messages.BODY),
                    (bodyChars == 0 ? DSL.inline("") : DSL.substring(Messages.BODY, 1, bodyChars))
                            .as(Messages.BODY.getUnqualifiedName()));
            columns.add(BODY_CHARS);
        }
        var query = sql.select(columns)
                .from(Messages.TABLE)
                .where(Messages.CHANNEL_ID.eq(tx.channelId()))
                .and(where)
                .orderBy(order);
        List<Record> rows = limit == null ? query.fetch() : query.limit(limit).fetch();
        if (rows.isEmpty()) {
            return List.of();
        }
        List<Long> ids = rows.stream().map(row -> row.get(Messages.ID)).toList();
        Map<Long, List<Recipient>> recipients = recipients(sql, tx.channelId(), ids);
        Map<Long, List<Long>> blockers = blockers(sql, tx.channelId(), ids);
        List<Message> messages = new ArrayList<>(rows.size());
        for (Record row : rows) {
            long id = row.get(Messages.ID);
            messages.add(message(
                    row,
                    recipients.getOrDefault(id, List.of()),
                    blockers.getOrDefault(id, List.of()),
                    bodyChars == WHOLE ? null : row.get(BODY_CHARS)));
        }
        return messages;
    }

    private static Map<Long, List<Recipient>> recipients(DSLContext sql, long channel, Collection<Long> ids) {
        Map<Long, List<Recipient>> byMessage = new HashMap<>();
        for (List<Long> chunk : chunks(ids)) {
            sql.select(Recipients.MESSAGE_ID, Recipients.ROLE, Recipients.OPENED_AT, Recipients.READ_AT)
                    .from(Recipients.TABLE)
                    .where(Recipients.CHANNEL_ID.eq(channel))
                    .and(Recipients.MESSAGE_ID.in(chunk))
                    .orderBy(Recipients.MESSAGE_ID, Recipients.ROLE)
                    .forEach(row -> byMessage
                            .computeIfAbsent(row.get(Recipients.MESSAGE_ID), id -> new ArrayList<>())
                            .add(new Recipient(
                                    row.get(Recipients.ROLE),
                                    row.get(Recipients.OPENED_AT),
                                    row.get(Recipients.READ_AT))));
        }
        return byMessage;
    }

    private static Map<Long, List<Long>> blockers(DSLContext sql, long channel, Collection<Long> ids) {
        Map<Long, List<Long>> byMessage = new HashMap<>();
        for (List<Long> chunk : chunks(ids)) {
            sql.select(Blockers.MESSAGE_ID, Blockers.BLOCKER_ID)
                    .from(Blockers.TABLE)
                    .where(Blockers.CHANNEL_ID.eq(channel))
                    .and(Blockers.MESSAGE_ID.in(chunk))
                    .orderBy(Blockers.MESSAGE_ID, Blockers.BLOCKER_ID)
                    .forEach(row -> byMessage
                            .computeIfAbsent(row.get(Blockers.MESSAGE_ID), id -> new ArrayList<>())
                            .add(row.get(Blockers.BLOCKER_ID)));
        }
        return byMessage;
    }

    /** SQLite binds at most 32,766 parameters per statement; stay far below. */
    private static List<List<Long>> chunks(Collection<Long> ids) {
        List<Long> all = List.copyOf(ids);
        List<List<Long>> chunks = new ArrayList<>();
        for (int from = 0; from < all.size(); from += 1000) {
            chunks.add(all.subList(from, Math.min(all.size(), from + 1000)));
        }
        return chunks;
    }

    private static Message message(Record row, List<Recipient> recipients, List<Long> blockers, Long bodyChars) {
        return new Message(
                row.get(Messages.ID),
                row.get(Messages.FROM),
                row.get(Messages.TO),
                recipients,
                row.get(Messages.TOPIC),
                row.get(Messages.BODY),
                row.get(Messages.BODY_REF),
                row.get(Messages.ACTION_REQUIRED) == 1,
                row.get(Messages.REPLY_TO),
                row.get(Messages.CREATED_AT),
                row.get(Messages.STATUS),
                row.get(Messages.RESOLVED_BY),
                row.get(Messages.RESOLVED_AT),
                row.get(Messages.RESOLUTION_NOTE),
                row.get(Messages.KIND),
                row.get(Messages.WORK_STATUS),
                row.get(Messages.DELETED_AT),
                row.get(Messages.PIN_KEY),
                row.get(Messages.ABOUT),
                Json.strings(row.get(Messages.VOTERS)),
                row.get(Messages.SUPERSEDED_AT),
                Json.stringMap(row.get(Messages.ADDENDA)),
                row.get(Messages.DECISION_REQUESTED) == 1,
                row.get(Messages.REVISED_AT),
                blockers,
                bodyChars);
    }
}
