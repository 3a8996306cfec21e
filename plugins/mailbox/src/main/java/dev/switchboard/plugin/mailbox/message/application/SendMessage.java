package dev.switchboard.plugin.mailbox.message.application;

import java.util.List;
import java.util.Optional;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.switchboard.plugin.mailbox.channel.application.Caller;
import dev.switchboard.plugin.mailbox.channel.application.Refusals;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Tx;
import dev.switchboard.plugin.mailbox.channel.domain.MailboxLimits;
import dev.switchboard.plugin.mailbox.channel.domain.Problem;
import dev.switchboard.plugin.mailbox.message.application.port.out.EventLog;
import dev.switchboard.plugin.mailbox.message.application.port.out.MessageStore;
import dev.switchboard.plugin.mailbox.message.application.port.out.NewMessage;
import dev.switchboard.plugin.mailbox.message.domain.Addressing;
import dev.switchboard.plugin.mailbox.message.domain.Message;
import dev.switchboard.plugin.mailbox.message.domain.Vocabulary;
import dev.switchboard.ports.tool.Outcome;

/**
 * {@code send_message}: checks every rule of §1C.2 against the channel's state and stores the message, in the
 * caller's transaction. A send-time {@code work_status} is audited as the sender's transition
 * ({@code work_status:<v>} event). Thread-safe.
 */
@Singleton
public final class SendMessage {

    private final MessageStore messages;
    private final EventLog events;

    @Inject
    SendMessage(MessageStore messages, EventLog events) {
        this.messages = messages;
        this.events = events;
    }

    /**
     * @param tx      the write transaction
     * @param caller  the author
     * @param request the arguments
     * @return the stored message, or the refusal (INVALID_ARGUMENTS naming the field and limit)
     */
    public Outcome<Message> send(Tx tx, Caller caller, SendRequest request) {
        String topic = request.topic().strip();
        if (topic.isEmpty()) {
            return Refusals.refused(
                    Problem.invalid("topic", "is required: say in a few words what the message is about"));
        }
        if (topic.codePointCount(0, topic.length()) > MailboxLimits.TOPIC_CHARS) {
            return Refusals.refused(Problem.invalid(
                    "topic",
                    "is " + topic.codePointCount(0, topic.length()) + " characters; the limit is "
                            + MailboxLimits.TOPIC_CHARS + ". Shorten it and put the detail in the body"));
        }
        if (request.bodyRef() == null && request.body().isEmpty()) {
            return Refusals.refused(
                    Problem.invalid("body", "is required (or body_ref, the id of a sealed upload, for a large body)"));
        }
        if (request.kind() != null && !Vocabulary.KINDS.contains(request.kind())) {
            return Refusals.refused(Problem.invalid(
                    "kind",
                    "'" + request.kind() + "' is not a kind; use one of " + String.join(", ", Vocabulary.KINDS)));
        }
        if (request.workStatus() != null && !Vocabulary.WORK_STATUSES.contains(request.workStatus())) {
            return Refusals.refused(Problem.invalid(
                    "work_status",
                    "'" + request.workStatus() + "' is not a work status; use one of "
                            + String.join(", ", Vocabulary.WORK_STATUSES)));
        }
        Optional<Message> parent = Optional.empty();
        if (request.replyTo() != null) {
            parent = messages.find(tx, request.replyTo()).filter(message -> !message.isDeleted());
            if (parent.isEmpty()) {
                return Refusals.refused(Problem.invalid(
                        "reply_to", "message " + request.replyTo() + " does not exist in this channel"));
            }
        }
        Addressing.Addressed addressed = Addressing.recipients(
                request.to(), caller.role(), messages.knownRoles(tx), request.kind(), parent, request.actionRequired());
        if (addressed.problem() != null) {
            return Refusals.refused(addressed.problem());
        }
        List<String> recipients = addressed.recipients();
        String toRole = recipients.size() == 1 && !addressed.broadcast() ? recipients.getFirst() : Message.SEVERAL;
        Message stored = messages.insert(
                tx,
                new NewMessage(
                        caller.role(),
                        toRole,
                        recipients,
                        topic,
                        request.body(),
                        request.bodyRef(),
                        request.actionRequired(),
                        request.replyTo(),
                        request.kind(),
                        request.workStatus(),
                        request.pinKey(),
                        request.aboutMessageId(),
                        null,
                        request.addenda(),
                        request.decisionRequested()));
        if (request.workStatus() != null) {
            events.append(tx, stored.id(), "work_status:" + request.workStatus(), caller.role(), null, List.of());
        }
        return Outcome.done(stored);
    }
}
