package dev.switchboard.plugin.mailbox.work.application;

import java.util.Optional;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.switchboard.plugin.mailbox.channel.application.Caller;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Tx;
import dev.switchboard.plugin.mailbox.channel.domain.Message;
import dev.switchboard.plugin.mailbox.message.application.port.out.MessageStore;
import dev.switchboard.plugin.mailbox.work.application.port.out.WorkStore;
import dev.switchboard.plugin.mailbox.work.domain.WorkFacts;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.Refusal;

/**
 * The first step of every work change: the live message, its work facts, and the check that the caller is one of its
 * participants (the message capability's one predicate). Thread-safe.
 */
@Singleton
public final class Debts {

    /**
     * A message a participant acts on.
     *
     * @param message the message, with its recipients
     * @param facts   its work facts
     */
    public record Subject(Message message, WorkFacts facts) {}

    private final MessageStore messages;
    private final WorkStore work;

    @Inject
    Debts(MessageStore messages, WorkStore work) {
        this.messages = messages;
        this.work = work;
    }

    /**
     * @param tx     the transaction
     * @param caller who acts
     * @param id     the message
     * @param verb   what the caller does, for the refusal ({@code resolve}, {@code reopen}, ...)
     * @return the subject, or NOT_FOUND for a missing or deleted message, FORBIDDEN for a caller who is neither its
     *     sender nor a recipient
     */
    public Outcome<Subject> participantOf(Tx tx, Caller caller, long id, String verb) {
        Optional<Message> found = messages.find(tx, id).filter(message -> !message.isDeleted());
        Optional<WorkFacts> facts = work.find(tx, id);
        if (found.isEmpty() || facts.isEmpty()) {
            return Message.notFound(id).outcome();
        }
        Message message = found.get();
        if (!message.isParticipant(caller.role())) {
            return Refusal.forbidden("message " + id + " is between '" + message.from() + "' and "
                            + String.join(
                                    ", ",
                                    message.recipientRoles().stream()
                                            .map(r -> "'" + r + "'")
                                            .toList())
                            + "; '" + caller.role() + "' cannot " + verb
                            + " it, because only its sender and recipients can."
                            + " Nothing was changed; ask one of them, or send your own message")
                    .outcome();
        }
        return Outcome.done(new Subject(message, facts.get()));
    }
}
