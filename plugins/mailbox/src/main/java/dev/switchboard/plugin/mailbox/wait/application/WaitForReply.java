package dev.switchboard.plugin.mailbox.wait.application;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.switchboard.plugin.mailbox.channel.application.Caller;
import dev.switchboard.plugin.mailbox.channel.application.Projection;
import dev.switchboard.plugin.mailbox.channel.application.Untrusted;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Transactions;
import dev.switchboard.plugin.mailbox.channel.domain.Message;
import dev.switchboard.plugin.mailbox.message.application.MessageView;
import dev.switchboard.plugin.mailbox.message.application.port.out.MessageStore;
import dev.switchboard.plugin.mailbox.wait.application.port.out.ReplyFinder;
import dev.switchboard.plugin.mailbox.wait.domain.WaitBudget;
import dev.switchboard.ports.call.Cancellation;
import dev.switchboard.ports.tool.ErrorCode;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.Refusal;

/**
 * {@code wait_for_reply}: sleeps until a reply to a message (its {@code reply_to}) addressed to the caller is there,
 * not marked read by it (unless asked) and newer than {@code after_id}. A reply already there returns at once.
 * Thread-safe.
 */
@Singleton
public final class WaitForReply {

    private final Transactions transactions;
    private final MessageStore messages;
    private final ReplyFinder replies;
    private final MessageView view;
    private final Waiting waiting;

    @Inject
    WaitForReply(
            Transactions transactions, MessageStore messages, ReplyFinder replies, MessageView view, Waiting waiting) {
        this.transactions = transactions;
        this.messages = messages;
        this.replies = replies;
        this.view = view;
        this.waiting = waiting;
    }

    /**
     * @param caller       who waits
     * @param messageId    the message whose reply is awaited
     * @param budget       the validated budget
     * @param afterId      only replies newer than this id, or null
     * @param includeRead  whether replies already marked read count
     * @param cancellation the call's cancellation
     * @return the reply as {@code read_inbox} shows it, {@code {timed_out: true, waited_s, retry: true, note}}, or a
     *     refusal: NOT_FOUND for a missing message, CANCELLED for a cancelled call
     */
    public Outcome<Map<String, Object>> await(
            Caller caller,
            long messageId,
            WaitBudget budget,
            Long afterId,
            boolean includeRead,
            Cancellation cancellation) {
        return transactions
                .read(
                        caller.channelId(),
                        tx -> messages.find(tx, messageId)
                                .filter(m -> !m.isDeleted())
                                .<Outcome<Long>>map(m -> Outcome.done(m.id()))
                                .orElseGet(() -> Message.notFound(messageId).outcome()))
                .then(parent -> replyTo(caller, parent, budget, afterId, includeRead, cancellation));
    }

    private Outcome<Map<String, Object>> replyTo(
            Caller caller,
            long messageId,
            WaitBudget budget,
            Long afterId,
            boolean includeRead,
            Cancellation cancellation) {
        Waiting.Result<Map<String, Object>> result =
                waiting.until(caller, budget, cancellation, () -> switch (transactions.read(
                        caller.channelId(),
                        tx -> Outcome.done(replies.firstReply(tx, messageId, caller.role(), afterId, includeRead)
                                .flatMap(id -> messages.find(tx, id))
                                .map(reply -> view.wire(tx, reply, caller.role(), Projection.ALL))))) {
                    case Outcome.Done<Optional<Map<String, Object>>> done -> done.value();
                    case Outcome.Refused<Optional<Map<String, Object>>> refused -> Optional.empty();
                });
        return switch (result.end()) {
            case FOUND -> {
                Map<String, Object> reply = new LinkedHashMap<>(result.value().orElseThrow());
                reply.put(Untrusted.FIELD, Untrusted.NOTE);
                yield Outcome.done(reply);
            }
            case TIMED_OUT -> {
                Map<String, Object> answer = new LinkedHashMap<>();
                answer.put("timed_out", true);
                answer.put("waited_s", budget.effectiveS());
                answer.put("retry", true);
                answer.put(
                        "note",
                        "no reply yet. Nothing is lost: a late reply stays unread in your inbox, and the next"
                                + " wait_for_reply returns it at once; call it again to keep waiting");
                yield Outcome.done(answer);
            }
            case CANCELLED -> Outcome.refused(Refusal.of(ErrorCode.CANCELLED, "the wait was cancelled"));
        };
    }
}
