package dev.switchboard.plugin.mailbox.decision.application;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.switchboard.plugin.mailbox.channel.application.Caller;
import dev.switchboard.plugin.mailbox.channel.application.RequestKeys;
import dev.switchboard.plugin.mailbox.channel.domain.ClientText;
import dev.switchboard.plugin.mailbox.channel.domain.Digest;
import dev.switchboard.plugin.mailbox.channel.domain.MailboxLimits;
import dev.switchboard.plugin.mailbox.channel.domain.Message;
import dev.switchboard.plugin.mailbox.decision.application.port.out.VoteStore;
import dev.switchboard.plugin.mailbox.decision.domain.Decision;
import dev.switchboard.plugin.mailbox.decision.domain.Vote;
import dev.switchboard.plugin.mailbox.message.application.port.out.EventLog;
import dev.switchboard.plugin.mailbox.message.application.port.out.MessageStore;
import dev.switchboard.ports.secrets.SecretGuard;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.Refusal;
import dev.switchboard.ports.tool.ToolCall;

/**
 * {@code acknowledge}: a role records its decision on another role's message (any kind; only proposals surface in
 * {@code awaiting_ack}). One vote per message and role: the same decision, still fresh, changes nothing; another one
 * replaces it. With {@code expect_body_sha256} the vote is refused when the body was revised since the caller read it.
 * A {@code void} also writes a {@code declared_dead} event. The caller's nudges about the message are retired. Thread-safe
 * (stateless).
 */
@Singleton
public final class Acknowledge {

    /** The event a {@code void} writes. */
    public static final String DECLARED_DEAD = "declared_dead";

    private final RequestKeys requestKeys;
    private final MessageStore messages;
    private final VoteStore votes;
    private final EventLog events;
    private final SecretGuard guard;
    private final Retirement retirement;

    @Inject
    Acknowledge(
            RequestKeys requestKeys,
            MessageStore messages,
            VoteStore votes,
            EventLog events,
            Retirement retirement,
            SecretGuard guard) {
        this.requestKeys = requestKeys;
        this.guard = guard;
        this.messages = messages;
        this.votes = votes;
        this.events = events;
        this.retirement = retirement;
    }

    /**
     * @param caller           the caller
     * @param call   the tool call: its request_key makes a retry safe ({@link RequestKeys})
     * @param messageId      the message
     * @param decisionName   agree, reject, needs_changes or void
     * @param note           at most {@link MailboxLimits#NOTE_CHARS} characters, or null
     * @param expectedSha256 the body digest the caller read, or null
     * @return {@code {message_id, role, decision, note, created_at, superseded}} (+ {@code unchanged:true});
     *         INVALID_ARGUMENTS, NOT_FOUND (deleted included), CONFLICT (own message, revised body)
     */
    public Outcome<Map<String, Object>> acknowledge(
            Caller caller, ToolCall call, long messageId, String decisionName, String note, String expectedSha256) {
        return requestKeys.write(caller, call, tx -> {
            String role = caller.role();
            Outcome<List<String>> screened = guard.checkNote("note", note);
            if (screened instanceof Outcome.Refused<List<String>> refused) {
                return Outcome.refused(refused.refusal());
            }
            Optional<Decision> decision = Decision.parse(decisionName);
            if (decision.isEmpty()) {
                return Outcome.refused(Refusal.invalid(
                        "decision",
                        ClientText.quoted(decisionName) + " is not one of " + String.join(", ", Decision.WIRE_NAMES)));
            }
            if (note != null && note.codePointCount(0, note.length()) > MailboxLimits.NOTE_CHARS) {
                return Outcome.refused(
                        Refusal.invalid("note", "must be at most " + MailboxLimits.NOTE_CHARS + " characters"));
            }
            Optional<Message> found = messages.find(tx, messageId).filter(m -> !m.isDeleted());
            if (found.isEmpty()) {
                return Message.notFound(messageId).outcome();
            }
            Message message = found.get();
            if (message.isAuthor(role)) {
                return Refusal.conflict("message " + messageId + " is your own: a sender's agreement"
                                + " is implicit and cannot be recorded. Withdraw it with delete_message, or revise it")
                        .outcome();
            }
            String actual = Digest.of(message.body()).sha256();
            if (expectedSha256 != null && !actual.equals(expectedSha256.strip().toLowerCase(Locale.ROOT))) {
                return Outcome.refused(Refusal.conflict("the body of message " + messageId + " now has sha256 " + actual
                        + ", not " + expectedSha256
                        + ": it was revised after you read it, and consent is bound to the"
                        + " bytes. Nothing was recorded; read it again before voting"));
            }
            Optional<Vote> earlier = votes.votes(tx, messageId).stream()
                    .filter(vote -> vote.role().equals(role))
                    .findFirst();
            boolean unchanged = earlier.isPresent()
                    && earlier.get().decision() == decision.get()
                    && !earlier.get().isStale(message.revisedAt());
            Vote vote = unchanged ? earlier.get() : new Vote(role, decision.get(), note, tx.now());
            if (!unchanged) {
                votes.save(tx, messageId, vote);
                if (decision.get() == Decision.VOID) {
                    events.append(tx, messageId, DECLARED_DEAD, role, note, List.of());
                }
            }
            Map<String, Object> answer = new LinkedHashMap<>();
            answer.put("message_id", messageId);
            answer.put("role", role);
            answer.put("decision", vote.decision().wire());
            answer.put("note", vote.note());
            answer.put("created_at", vote.createdAt());
            if (unchanged) {
                answer.put("unchanged", true);
            }
            answer.put("superseded", retirement.nudgesAcknowledged(tx, messageId, role));
            return Outcome.done(answer);
        });
    }
}
