package dev.switchboard.plugin.mailbox.message.application;

import java.util.List;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.switchboard.plugin.mailbox.channel.application.Caller;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Transactions;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Tx;
import dev.switchboard.plugin.mailbox.channel.domain.Message;
import dev.switchboard.plugin.mailbox.message.application.port.out.EventLog;
import dev.switchboard.plugin.mailbox.message.application.port.out.MessageStore;
import dev.switchboard.ports.tool.Outcome;

/** {@code message_history}: a live message's events, oldest first. Thread-safe. */
@Singleton
public final class MessageHistory {

    private final Transactions transactions;
    private final MessageStore messages;
    private final EventLog events;

    @Inject
    MessageHistory(Transactions transactions, MessageStore messages, EventLog events) {
        this.transactions = transactions;
        this.messages = messages;
        this.events = events;
    }

    /** @return the events, or NOT_FOUND for a message that does not exist or was deleted */
    public Outcome<List<EventLog.Event>> history(Caller caller, long id) {
        return transactions.read(caller.channelId(), tx -> history(tx, id));
    }

    /**
     * @param tx an open transaction of the message's channel (the board's pages read in their own)
     * @return the events, or NOT_FOUND for a message that does not exist or was deleted
     */
    public Outcome<List<EventLog.Event>> history(Tx tx, long id) {
        if (messages.find(tx, id).filter(message -> !message.isDeleted()).isEmpty()) {
            return Message.notFound(id).outcome();
        }
        return Outcome.done(events.history(tx, id));
    }
}
