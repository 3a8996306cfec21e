package dev.switchboard.plugin.mailbox.message.application;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.switchboard.plugin.mailbox.channel.application.Caller;
import dev.switchboard.plugin.mailbox.channel.application.Listing;
import dev.switchboard.plugin.mailbox.channel.application.Projection;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Tx;
import dev.switchboard.plugin.mailbox.channel.domain.MailboxLimits;
import dev.switchboard.plugin.mailbox.channel.domain.Message;
import dev.switchboard.plugin.mailbox.message.application.port.out.BodyRead;
import dev.switchboard.plugin.mailbox.message.application.port.out.MessageStore;
import dev.switchboard.ports.tool.Outcome;

/**
 * {@code read_inbox}: the newest {@code limit} live messages addressed to the caller, in chronological order. It
 * records delivery ({@code opened_at}, once per recipient) and never read state: only mark_read marks read. When the
 * entries would pass the listing's byte cap ({@link Listing#fitting}), the newest that fit are returned, as with a
 * lower {@code limit}, and only they are recorded as delivered. Thread-safe.
 */
@Singleton
public final class ReadInbox {

    /**
     * Room kept per entry when fitting before delivery is recorded: an entry's {@code opened_at} then changes from
     * {@code null} to a timestamp, 22 bytes longer.
     */
    private static final int OPENED_AT_GROWTH = 32;

    private final MessageStore messages;
    private final MessageView view;

    @Inject
    ReadInbox(MessageStore messages, MessageView view) {
        this.messages = messages;
        this.view = view;
    }

    /**
     * @param tx         the write transaction
     * @param caller     the recipient
     * @param unreadOnly only messages not yet marked read
     * @param limit      1..1000
     * @param fields     the listing's projection (what the byte cap measures)
     * @return the page, read as {@link MessageView#bodiesFor} says
     */
    public Outcome<MessagePage> read(Tx tx, Caller caller, boolean unreadOnly, int limit, Projection fields) {
        List<Message> newestFirst = messages.inbox(tx, caller.role(), unreadOnly, limit + 1);
        boolean more = newestFirst.size() > limit;
        List<Long> ids = new ArrayList<>(
                newestFirst.stream().limit(limit).map(Message::id).toList());
        Collections.sort(ids);
        BodyRead bodies = MessageView.bodiesFor(fields);
        List<Message> found = new ArrayList<>(messages.findAll(tx, ids, bodies));
        Collections.reverse(found);
        List<Map<String, Object>> fitted = Listing.fitting(
                found.stream()
                        .map(message -> view.wire(tx, message, caller.role(), fields))
                        .iterator(),
                MailboxLimits.LISTING_BYTES - (long) OPENED_AT_GROWTH * found.size());
        List<Long> shown = new ArrayList<>(
                found.stream().limit(fitted.size()).map(Message::id).toList());
        Collections.sort(shown);
        messages.markOpened(tx, caller.role(), shown);
        boolean cut = Listing.wasCut(fitted);
        return Outcome.done(new MessagePage(messages.findAll(tx, shown, bodies), more || cut, cut));
    }
}
