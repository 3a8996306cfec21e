package dev.switchboard.plugin.mailbox.message.application;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.switchboard.plugin.mailbox.channel.application.Caller;
import dev.switchboard.plugin.mailbox.channel.application.RequestKeys;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Tx;
import dev.switchboard.plugin.mailbox.channel.domain.Digest;
import dev.switchboard.plugin.mailbox.channel.domain.DirectBody;
import dev.switchboard.plugin.mailbox.channel.domain.MailboxLimits;
import dev.switchboard.plugin.mailbox.channel.domain.Message;
import dev.switchboard.plugin.mailbox.message.application.port.out.EventLog;
import dev.switchboard.plugin.mailbox.message.application.port.out.MessageStore;
import dev.switchboard.ports.secrets.SecretGuard;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.Refusal;
import dev.switchboard.ports.tool.ToolCall;

/**
 * {@code revise_message}: the author replaces the body (and topic) of a live message on the same id. Earlier votes
 * are quenched by it: a vote counts only when it is newer than {@code revised_at}, which this sets (the decision
 * capability derives staleness from it; nothing else changes on the votes). A {@code revision} event records the old
 * and new SHA-256 and byte lengths. Refused: another role (FORBIDDEN), a message that approved a pin (CONFLICT).
 * Recipients, kind and pin_key are fixed. Thread-safe.
 */
@Singleton
public final class ReviseMessage {

    /** The event a revision gets. */
    public static final String REVISION = "revision";

    /**
     * What changed.
     *
     * @param message       the message as stored afterwards
     * @param unchanged     whether body and topic were already the same (nothing written)
     * @param previous      the digest before
     * @param quenchedVotes how many votes the revision made stale
     */
    public record Revision(Message message, boolean unchanged, Digest previous, int quenchedVotes) {

        /**
         * @return {@code {id, unchanged: true}}, or {@code {id, revised_at, previous_body_sha256, body_sha256,
         *     body_length_bytes, body_length_chars, quenched_votes}}
         */
        public Map<String, Object> wire() {
            Map<String, Object> result = new LinkedHashMap<>();
            result.put("id", message.id());
            if (unchanged) {
                result.put("unchanged", true);
                return result;
            }
            Digest next = Digest.of(message.body());
            result.put("revised_at", message.revisedAt());
            result.put("previous_body_sha256", previous.sha256());
            result.put("body_sha256", next.sha256());
            result.put("body_length_bytes", next.bytes());
            result.put("body_length_chars", next.chars());
            result.put("quenched_votes", quenchedVotes);
            return result;
        }
    }

    /**
     * The arguments.
     *
     * @param id             the message
     * @param body           the new body, or empty to keep it (unless {@code bodyRef})
     * @param topic          the new topic, or null to keep it
     * @param note           why, or null (at most 4000 characters)
     * @param bodyRef        a sealed upload to take the body from, or null
     * @param allowSensitive the caller's override of the secret guardrail
     */
    public record Request(long id, String body, String topic, String note, Long bodyRef, boolean allowSensitive) {}

    private final RequestKeys requestKeys;
    private final MessageStore messages;
    private final EventLog events;
    private final SecretGuard guard;

    @Inject
    ReviseMessage(RequestKeys requestKeys, MessageStore messages, EventLog events, SecretGuard guard) {
        this.requestKeys = requestKeys;
        this.messages = messages;
        this.events = events;
        this.guard = guard;
    }

    /**
     * @param caller  who revises (only the author may)
     * @param call    the tool call: its request_key makes a retry safe ({@link RequestKeys})
     * @param request the arguments
     * @return the revision's wire form ({@link Revision#wire}), or the refusal (nothing written)
     */
    public Outcome<Map<String, Object>> revise(Caller caller, ToolCall call, Request request) {
        return requestKeys.write(caller, call, tx -> revise(tx, caller, request).map(Revision::wire));
    }

    private Outcome<Revision> revise(Tx tx, Caller caller, Request request) {
        Optional<Message> found = messages.find(tx, request.id()).filter(message -> !message.isDeleted());
        if (found.isEmpty()) {
            return Message.notFound(request.id()).outcome();
        }
        Message message = found.get();
        if (!message.isAuthor(caller.role())) {
            return Refusal.forbidden("only the author of message " + request.id() + " ('" + message.from()
                            + "') can revise it; reply to it instead")
                    .outcome();
        }
        if (messages.approvedAPin(tx, request.id())) {
            return Outcome.refused(Refusal.conflict("message " + request.id() + " approved a pin version, so the"
                    + " text that was agreed must stay as it was; send a new proposal instead"));
        }
        if (request.bodyRef() != null && !request.body().isEmpty()) {
            return Outcome.refused(Refusal.invalid("body_ref", "give either body or body_ref, not both"));
        }
        Optional<Refusal> oversized = DirectBody.problem(request.body());
        if (oversized.isPresent()) {
            return oversized.get().outcome();
        }
        if (request.note() != null
                && request.note().codePointCount(0, request.note().length()) > MailboxLimits.NOTE_CHARS) {
            return Outcome.refused(
                    Refusal.invalid("note", "is longer than " + MailboxLimits.NOTE_CHARS + " characters"));
        }
        String topic =
                request.topic() == null ? message.topic() : request.topic().strip();
        if (topic.isEmpty() || topic.codePointCount(0, topic.length()) > MailboxLimits.TOPIC_CHARS) {
            return Outcome.refused(
                    Refusal.invalid("topic", "must be 1 to " + MailboxLimits.TOPIC_CHARS + " characters"));
        }
        String body = request.body().isEmpty() ? message.body() : request.body();
        Long bodyRef = request.body().isEmpty() ? message.bodyRef() : null;
        if (request.bodyRef() != null) {
            Optional<MessageStore.Upload> upload = messages.upload(tx, request.bodyRef());
            if (upload.isEmpty() || !upload.get().sealed()) {
                return Outcome.refused(Refusal.invalid(
                        "body_ref", "upload " + request.bodyRef() + " is not a sealed upload; seal_content seals it"));
            }
            body = upload.get().body();
            bodyRef = request.bodyRef();
        }
        Digest previous = Digest.of(message.body());
        if (body.equals(message.body()) && topic.equals(message.topic())) {
            return Outcome.done(new Revision(message, true, previous, 0));
        }
        Map<String, String> texts = new LinkedHashMap<>();
        texts.put("topic", topic);
        texts.put("body", body);
        List<String> overridden;
        switch (guard.check(texts, request.allowSensitive())) {
            case Outcome.Refused<List<String>> refused -> {
                return Outcome.refused(refused.refusal());
            }
            case Outcome.Done<List<String>> scanned -> overridden = scanned.value();
        }
        int quenched = messages.votes(tx, request.id());
        messages.revise(tx, request.id(), topic, body, bodyRef);
        Digest next = Digest.of(body);
        String change = "body sha256 " + previous.sha256() + " -> " + next.sha256() + ", bytes " + previous.bytes()
                + " -> " + next.bytes();
        events.append(
                tx,
                request.id(),
                REVISION,
                caller.role(),
                request.note() == null ? change : change + "; " + request.note(),
                List.of());
        if (!overridden.isEmpty()) {
            events.append(
                    tx,
                    request.id(),
                    "sensitive_override",
                    caller.role(),
                    "revised with allow_sensitive despite the secret guardrail (rules: " + String.join(", ", overridden)
                            + ")",
                    List.of());
        }
        return Outcome.done(new Revision(messages.find(tx, request.id()).orElseThrow(), false, previous, quenched));
    }
}
