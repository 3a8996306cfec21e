package dev.switchboard.plugin.mailbox.message.application;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.switchboard.plugin.mailbox.channel.application.port.out.Tx;
import dev.switchboard.plugin.mailbox.channel.domain.Message;
import dev.switchboard.plugin.mailbox.message.application.port.out.BodyRead;
import dev.switchboard.plugin.mailbox.message.application.port.out.MessageStore;
import dev.switchboard.ports.tool.Outcome;

/**
 * The walk of {@code get_thread} (and of the board's thread page): from a live message, up its {@code reply_to} chain
 * to the root, then the whole reply tree, chronologically, tombstones included (with {@code deleted_at}). It returns
 * every message of the thread, each body read as the caller asks; what an answer shows of them is bounded by its
 * reader ({@link ThreadAnswer}). Thread-safe.
 */
@Singleton
public final class GetThread {

    private final MessageStore messages;

    @Inject
    GetThread(MessageStore messages) {
        this.messages = messages;
    }

    /**
     * @param bodies how much of each body to load
     * @return the thread oldest first, or NOT_FOUND for a message that does not exist or was deleted
     */
    public Outcome<List<Message>> thread(Tx tx, long id, BodyRead bodies) {
        Optional<Message> start = messages.find(tx, id, bodies).filter(message -> !message.isDeleted());
        if (start.isEmpty()) {
            return Message.notFound(id).outcome();
        }
        Set<Long> seen = new HashSet<>();
        Message root = start.get();
        seen.add(root.id());
        while (root.replyTo() != null && !seen.contains(root.replyTo())) {
            Optional<Message> parent = messages.find(tx, root.replyTo(), bodies);
            if (parent.isEmpty()) {
                break;
            }
            root = parent.get();
            seen.add(root.id());
        }
        List<Message> thread = new ArrayList<>(List.of(root));
        Set<Long> inThread = new HashSet<>(Set.of(root.id()));
        List<Long> frontier = List.of(root.id());
        while (!frontier.isEmpty()) {
            List<Long> next = new ArrayList<>();
            for (Message reply : messages.replies(tx, frontier, bodies)) {
                if (inThread.add(reply.id())) {
                    thread.add(reply);
                    next.add(reply.id());
                }
            }
            frontier = next;
        }
        thread.sort(Comparator.comparingLong(Message::id));
        return Outcome.done(List.copyOf(thread));
    }
}
