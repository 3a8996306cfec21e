package dev.switchboard.plugin.mailbox.message.adapter.out.persistence;

import static org.jooq.impl.DSL.select;

import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import org.jooq.Condition;
import org.jooq.DSLContext;

import dev.switchboard.plugin.mailbox.channel.adapter.out.persistence.JooqTx;
import dev.switchboard.plugin.mailbox.channel.adapter.out.persistence.Json;
import dev.switchboard.plugin.mailbox.channel.adapter.out.persistence.MailboxTables.Channel;
import dev.switchboard.plugin.mailbox.channel.adapter.out.persistence.MailboxTables.Messages;
import dev.switchboard.plugin.mailbox.channel.adapter.out.persistence.MailboxTables.Recipients;
import dev.switchboard.plugin.mailbox.channel.adapter.out.persistence.MessageRows;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Tx;
import dev.switchboard.plugin.mailbox.message.application.port.out.MessageStore;
import dev.switchboard.plugin.mailbox.message.application.port.out.NewMessage;
import dev.switchboard.plugin.mailbox.message.domain.Message;

/** {@link MessageStore} on {@code mailbox_message} and {@code mailbox_recipient}. Stateless. */
@Singleton
public final class JooqMessageStore implements MessageStore {

    @Inject
    JooqMessageStore() {}

    @Override
    public Optional<Message> find(Tx tx, long id) {
        return MessageRows.select(tx, Messages.ID.eq(id), List.of(Messages.ID.asc()), 1).stream()
                .findFirst();
    }

    @Override
    public List<Message> findAll(Tx tx, Collection<Long> ids) {
        return ids.isEmpty()
                ? List.of()
                : MessageRows.select(tx, Messages.ID.in(ids), List.of(Messages.ID.asc()), null);
    }

    @Override
    public Set<String> knownRoles(Tx tx) {
        DSLContext sql = JooqTx.of(tx).sql();
        Set<String> roles = new TreeSet<>(sql.selectDistinct(Messages.FROM)
                .from(Messages.TABLE)
                .where(Messages.CHANNEL_ID.eq(tx.channelId()))
                .fetch(Messages.FROM));
        roles.addAll(sql.selectDistinct(Recipients.ROLE)
                .from(Recipients.TABLE)
                .where(Recipients.CHANNEL_ID.eq(tx.channelId()))
                .fetch(Recipients.ROLE));
        return roles;
    }

    @Override
    public Message insert(Tx tx, NewMessage message) {
        DSLContext sql = JooqTx.of(tx).sql();
        long id = sql.select(Channel.NEXT_MESSAGE_ID)
                .from(Channel.TABLE)
                .where(Channel.ID.eq(tx.channelId()))
                .fetchSingle(Channel.NEXT_MESSAGE_ID);
        sql.update(Channel.TABLE)
                .set(Channel.NEXT_MESSAGE_ID, id + 1)
                .where(Channel.ID.eq(tx.channelId()))
                .execute();
        sql.insertInto(Messages.TABLE)
                .set(Messages.CHANNEL_ID, tx.channelId())
                .set(Messages.ID, id)
                .set(Messages.FROM, message.from())
                .set(Messages.TO, message.toRole())
                .set(Messages.TOPIC, message.topic())
                .set(Messages.BODY, message.body())
                .set(Messages.BODY_REF, message.bodyRef())
                .set(Messages.ACTION_REQUIRED, message.actionRequired() ? 1 : 0)
                .set(Messages.REPLY_TO, message.replyTo())
                .set(Messages.CREATED_AT, tx.now())
                .set(Messages.STATUS, message.actionRequired() ? "open" : null)
                .set(Messages.KIND, message.kind())
                .set(Messages.WORK_STATUS, message.workStatus())
                .set(Messages.PIN_KEY, message.pinKey())
                .set(Messages.ABOUT, message.aboutMessageId())
                .set(Messages.VOTERS, Json.write(message.voters()))
                .set(Messages.ADDENDA, message.addenda().isEmpty() ? null : Json.write(message.addenda()))
                .set(Messages.DECISION_REQUESTED, message.decisionRequested() ? 1 : 0)
                .execute();
        var recipients =
                sql.insertInto(Recipients.TABLE, Recipients.CHANNEL_ID, Recipients.MESSAGE_ID, Recipients.ROLE);
        for (String role : message.recipients()) {
            recipients = recipients.values(tx.channelId(), id, role);
        }
        recipients.execute();
        return find(tx, id).orElseThrow();
    }

    @Override
    public List<Message> inbox(Tx tx, String role, boolean unreadOnly, int limit) {
        Condition addressed = Recipients.CHANNEL_ID.eq(tx.channelId()).and(Recipients.ROLE.eq(role));
        if (unreadOnly) {
            addressed = addressed.and(Recipients.READ_AT.isNull());
        }
        return MessageRows.select(
                tx,
                Messages.DELETED_AT
                        .isNull()
                        .and(Messages.ID.in(select(Recipients.MESSAGE_ID)
                                .from(Recipients.TABLE)
                                .where(addressed))),
                List.of(Messages.ID.desc()),
                limit);
    }

    @Override
    public void markOpened(Tx tx, String role, Collection<Long> ids) {
        if (ids.isEmpty()) {
            return;
        }
        JooqTx.of(tx)
                .sql()
                .update(Recipients.TABLE)
                .set(Recipients.OPENED_AT, tx.now())
                .where(Recipients.CHANNEL_ID.eq(tx.channelId()))
                .and(Recipients.ROLE.eq(role))
                .and(Recipients.MESSAGE_ID.in(ids))
                .and(Recipients.OPENED_AT.isNull())
                .execute();
    }
}
