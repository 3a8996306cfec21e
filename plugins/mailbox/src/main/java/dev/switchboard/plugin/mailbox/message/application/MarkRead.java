package dev.switchboard.plugin.mailbox.message.application;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.switchboard.plugin.mailbox.channel.application.Caller;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Tx;
import dev.switchboard.plugin.mailbox.channel.domain.Message;
import dev.switchboard.plugin.mailbox.message.application.port.out.MessageStore;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.Refusal;

/**
 * {@code mark_read}: the only thing that marks a message read for its recipient. A batch is atomic: one id that does
 * not exist (or was deleted) or is not addressed to the caller ({@link Message#isAddressedTo}) refuses them all and
 * marks nothing. A message already read keeps its first {@code read_at}. Thread-safe.
 */
@Singleton
public final class MarkRead {

    private final MessageStore messages;

    @Inject
    MarkRead(MessageStore messages) {
        this.messages = messages;
    }

    /**
     * @param tx     the write transaction
     * @param caller the recipient
     * @param ids    the messages, in the order given
     * @return the messages as stored afterwards, in that order; NOT_FOUND or FORBIDDEN for the first bad id
     */
    public Outcome<List<Message>> mark(Tx tx, Caller caller, List<Long> ids) {
        List<Long> unique = new ArrayList<>(new LinkedHashSet<>(ids));
        for (long id : unique) {
            Optional<Message> message = messages.find(tx, id).filter(found -> !found.isDeleted());
            if (message.isEmpty()) {
                return Message.notFound(id).outcome();
            }
            if (!message.get().isAddressedTo(caller.role())) {
                return Refusal.forbidden("message " + id + " is not addressed to you ('"
                                + caller.role() + "'), so you cannot mark it read"
                                + (unique.size() > 1
                                        ? "; nothing in this batch was marked. Leave it out and mark the others"
                                        : "; only its recipients can"))
                        .outcome();
            }
        }
        messages.markRead(tx, caller.role(), unique);
        List<Message> marked = new ArrayList<>();
        for (long id : unique) {
            marked.add(messages.find(tx, id).orElseThrow());
        }
        return Outcome.done(marked);
    }
}
