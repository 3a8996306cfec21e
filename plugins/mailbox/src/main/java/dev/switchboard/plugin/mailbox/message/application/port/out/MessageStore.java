package dev.switchboard.plugin.mailbox.message.application.port.out;

import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import dev.switchboard.plugin.mailbox.channel.application.port.out.Tx;
import dev.switchboard.plugin.mailbox.message.domain.Message;

/** The messages of the transaction's channel ({@code mailbox_message}, {@code mailbox_recipient}). */
public interface MessageStore {

    /**
     * @param id a message id
     * @return the message, deleted ones (tombstones) included: callers decide what a tombstone means to them
     */
    Optional<Message> find(Tx tx, long id);

    /** @return the messages with these ids that exist, tombstones included, in id order */
    List<Message> findAll(Tx tx, Collection<Long> ids);

    /** @return every role that has sent or received a message in the channel (the stdio roster) */
    Set<String> knownRoles(Tx tx);

    /**
     * Stores a message with the channel's next id, its recipients (unread, unopened) and status {@code open} when it
     * is a debt.
     *
     * @return the new message as stored
     */
    Message insert(Tx tx, NewMessage message);

    /**
     * @param role       the caller
     * @param unreadOnly only messages the role has not marked read
     * @param limit      the most to return
     * @return live messages addressed to the role, newest first
     */
    List<Message> inbox(Tx tx, String role, boolean unreadOnly, int limit);

    /** Sets {@code opened_at} to now for the role's recipient rows of these messages that have none yet. */
    void markOpened(Tx tx, String role, Collection<Long> ids);
}
