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
import dev.switchboard.plugin.mailbox.channel.application.port.out.Transactions;
import dev.switchboard.plugin.mailbox.channel.domain.MailboxLimits;
import dev.switchboard.plugin.mailbox.channel.domain.Message;
import dev.switchboard.plugin.mailbox.message.application.port.out.MessageStore;
import dev.switchboard.ports.tool.Outcome;

/**
 * {@code read_inbox}: the newest {@code limit} live messages addressed to the caller, in chronological order. It
 * records delivery ({@code opened_at}, once per recipient) and never read state: only mark_read marks read. When the
 * entries would pass the listing's byte cap ({@link Listing#fitting}), the newest that fit are returned, as with a
 * lower {@code limit}, and only they are recorded as delivered. The messages are read once: their entries are made as
 * they are after delivery ({@link Message#openedBy}), fitted, and only then is delivery recorded for those shown.
 * Thread-safe.
 */
@Singleton
public final class ReadInbox {

    /**
     * The entries of one read.
     *
     * @param entries the messages' wire entries, oldest first, already fitted in the listing's byte cap
     * @param more    whether more messages matched than were returned (by the limit or the cap)
     * @param cut     whether some were left out for the byte cap
     */
    public record Page(List<Map<String, Object>> entries, boolean more, boolean cut) {
        /** Copies the list. */
        public Page {
            entries = List.copyOf(entries);
        }
    }

    private final Transactions transactions;
    private final MessageStore messages;
    private final MessageView view;

    @Inject
    ReadInbox(Transactions transactions, MessageStore messages, MessageView view) {
        this.transactions = transactions;
        this.messages = messages;
        this.view = view;
    }

    /**
     * @param caller     the recipient
     * @param unreadOnly only messages not yet marked read
     * @param limit      1..1000
     * @param fields     the listing's projection (what the byte cap measures)
     * @return the entries, read as {@link MessageView#bodiesFor} says
     */
    public Outcome<Page> read(Caller caller, boolean unreadOnly, int limit, Projection fields) {
        return transactions.write(caller.channelId(), tx -> {
            String role = caller.role();
            List<Message> newestFirst = messages.inbox(tx, role, unreadOnly, limit + 1, MessageView.bodiesFor(fields));
            boolean more = newestFirst.size() > limit;
            List<Message> read = newestFirst.subList(0, Math.min(limit, newestFirst.size()));
            List<Map<String, Object>> fitted = Listing.fitting(
                    read.stream()
                            .map(message -> view.wire(tx, message.openedBy(role, tx.now()), role, fields))
                            .iterator(),
                    MailboxLimits.LISTING_BYTES);
            // delivery is recorded for the messages shown whose recipient row was not opened yet: the others have
            // nothing to record
            List<Long> shown = new ArrayList<>();
            for (Message message : read.subList(0, fitted.size())) {
                if (message.recipient(role).filter(r -> r.openedAt() == null).isPresent()) {
                    shown.add(message.id());
                }
            }
            Collections.sort(shown);
            messages.markOpened(tx, role, shown);
            boolean cut = Listing.wasCut(fitted);
            List<Map<String, Object>> entries = new ArrayList<>(fitted);
            Collections.reverse(entries);
            return Outcome.done(new Page(entries, more || cut, cut));
        });
    }
}
