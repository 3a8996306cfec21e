package dev.switchboard.plugin.mailbox.wait.adapter.out.persistence;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import jakarta.inject.Singleton;

import dev.switchboard.plugin.mailbox.channel.adapter.out.persistence.JooqTx;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Tx;
import dev.switchboard.plugin.mailbox.wait.application.port.out.ReplyFinder;

/** {@link ReplyFinder} on {@code mailbox_message} and {@code mailbox_recipient}; stateless and thread-safe. */
@Singleton
public final class JooqReplyFinder implements ReplyFinder {

    @Override
    public Optional<Long> firstReply(Tx tx, long parentId, String role, Long afterId, boolean includeRead) {
        StringBuilder query = new StringBuilder("SELECT m.id FROM mailbox_message m JOIN mailbox_recipient r"
                + " ON r.channel_id = m.channel_id AND r.message_id = m.id AND r.to_role = ?"
                + " WHERE m.channel_id = ? AND m.reply_to = ? AND m.deleted_at IS NULL");
        List<Object> binds = new ArrayList<>(List.of(role, tx.channelId(), parentId));
        if (afterId != null) {
            query.append(" AND m.id > ?");
            binds.add(afterId);
        }
        if (!includeRead) {
            query.append(" AND r.read_at IS NULL");
        }
        query.append(" ORDER BY m.id LIMIT 1");
        return JooqTx.of(tx)
                .sql()
                .resultQuery(query.toString(), binds.toArray())
                .fetchOptional()
                .map(row -> row.get("id", Long.class));
    }
}
