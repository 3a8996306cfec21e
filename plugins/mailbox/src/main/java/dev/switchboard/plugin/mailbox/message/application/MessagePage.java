package dev.switchboard.plugin.mailbox.message.application;

import java.util.List;

import dev.switchboard.plugin.mailbox.channel.domain.Message;

/**
 * One page of a message listing (read_inbox, list_messages): the messages returned, in the listing's order, and
 * whether more matched than its {@code limit}. Immutable.
 *
 * @param messages the messages returned (at most the limit)
 * @param more     whether more messages matched than were returned
 * @param cut      whether some of them were left out for the listing's byte cap ({@code Listing.fitting})
 */
public record MessagePage(List<Message> messages, boolean more, boolean cut) {

    /** Copies the list. */
    public MessagePage {
        messages = List.copyOf(messages);
    }

    /**
     * @param messages the messages returned (at most the limit)
     * @param more     whether more messages matched than were returned
     */
    public MessagePage(List<Message> messages, boolean more) {
        this(messages, more, false);
    }
}
