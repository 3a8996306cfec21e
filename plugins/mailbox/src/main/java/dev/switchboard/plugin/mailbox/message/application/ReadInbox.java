package dev.switchboard.plugin.mailbox.message.application;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.switchboard.plugin.mailbox.channel.application.Caller;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Tx;
import dev.switchboard.plugin.mailbox.message.application.port.out.MessageStore;
import dev.switchboard.plugin.mailbox.message.domain.Message;
import dev.switchboard.ports.tool.Outcome;

/**
 * {@code read_inbox}: the newest {@code limit} live messages addressed to the caller, in chronological order. It
 * records delivery ({@code opened_at}, once per recipient) and never read state: only mark_read marks read. Thread-safe.
 */
@Singleton
public final class ReadInbox {

    private final MessageStore messages;

    @Inject
    ReadInbox(MessageStore messages) {
        this.messages = messages;
    }

    /**
     * @param tx         the write transaction
     * @param caller     the recipient
     * @param unreadOnly only messages not yet marked read
     * @param limit      1..1000
     * @return the page
     */
    public Outcome<MessagePage> read(Tx tx, Caller caller, boolean unreadOnly, int limit) {
        List<Message> newestFirst = messages.inbox(tx, caller.role(), unreadOnly, limit + 1);
        boolean more = newestFirst.size() > limit;
        List<Long> ids = new ArrayList<>(
                newestFirst.stream().limit(limit).map(Message::id).toList());
        Collections.sort(ids);
        messages.markOpened(tx, caller.role(), ids);
        return Outcome.done(new MessagePage(messages.findAll(tx, ids), more));
    }
}
