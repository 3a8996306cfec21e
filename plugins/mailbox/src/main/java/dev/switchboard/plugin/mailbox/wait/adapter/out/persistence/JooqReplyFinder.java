package dev.switchboard.plugin.mailbox.wait.adapter.out.persistence;

import java.util.Optional;

import jakarta.inject.Singleton;

import org.jooq.Condition;

import dev.switchboard.plugin.mailbox.channel.adapter.out.persistence.JooqTx;
import dev.switchboard.plugin.mailbox.channel.adapter.out.persistence.MailboxTables.Messages;
import dev.switchboard.plugin.mailbox.channel.adapter.out.persistence.MailboxTables.Recipients;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Tx;
import dev.switchboard.plugin.mailbox.wait.application.port.out.ReplyFinder;

/**
 * {@link ReplyFinder} on {@code mailbox_message} and {@code mailbox_recipient}, through jOOQ's DSL over the table
 * constants (ADR 57); stateless and thread-safe.
 */
@Singleton
public final class JooqReplyFinder implements ReplyFinder {

    @Override
    public Optional<Long> firstReply(Tx tx, long parentId, String role, Long afterId, boolean includeRead) {
        Condition reply = Messages.CHANNEL_ID
                .eq(tx.channelId())
                .and(Messages.REPLY_TO.eq(parentId))
                .and(Messages.DELETED_AT.isNull());
        if (afterId != null) {
            reply = reply.and(Messages.ID.gt(afterId));
        }
        if (!includeRead) {
            reply = reply.and(Recipients.READ_AT.isNull());
        }
        return JooqTx.of(tx)
                .sql()
                .select(Messages.ID)
                .from(Messages.TABLE)
                .join(Recipients.TABLE)
                .on(Recipients.CHANNEL_ID.eq(Messages.CHANNEL_ID))
                .and(Recipients.MESSAGE_ID.eq(Messages.ID))
                .and(Recipients.ROLE.eq(role))
                .where(reply)
                .orderBy(Messages.ID)
                .limit(1)
                .fetchOptional(Messages.ID);
    }
}
