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
import dev.switchboard.plugin.mailbox.channel.domain.Message;
import dev.switchboard.plugin.mailbox.message.application.port.out.EventLog;
import dev.switchboard.plugin.mailbox.message.application.port.out.MessageStore;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.Refusal;
import dev.switchboard.ports.tool.ToolCall;

/**
 * {@code delete_message}: a soft delete (tombstone) by a participant; a proposal only by its author (deleting an
 * open proposal closes its round). Refused: a pin's approval record, an open debt, a resolved debt its author has not
 * confirmed. The nudges about it are retired ({@code superseded}), and theirs in turn: retirement follows causes,
 * never age. Thread-safe.
 */
@Singleton
public final class DeleteMessage {

    /** The event a tombstone gets. */
    public static final String DELETED = "deleted";

    private final RequestKeys requestKeys;
    private final MessageStore messages;
    private final EventLog events;
    private final Nudges nudges;

    @Inject
    DeleteMessage(RequestKeys requestKeys, MessageStore messages, EventLog events, Nudges nudges) {
        this.requestKeys = requestKeys;
        this.messages = messages;
        this.events = events;
        this.nudges = nudges;
    }

    /**
     * @param caller who deletes
     * @param call   the tool call: its request_key makes a retry safe ({@link RequestKeys})
     * @param id     the message
     * @return {@code {id, deleted: true, superseded: [ids of the nudges retired with it]}}, or NOT_FOUND, FORBIDDEN or
     *     CONFLICT (nothing written)
     */
    public Outcome<Map<String, Object>> delete(Caller caller, ToolCall call, long id) {
        return requestKeys.write(caller, call, tx -> {
            Optional<Message> found = messages.find(tx, id).filter(message -> !message.isDeleted());
            if (found.isEmpty()) {
                return Message.notFound(id).outcome();
            }
            Message message = found.get();
            String role = caller.role();
            if (!message.isParticipant(role)) {
                return Refusal.forbidden("only the sender or a recipient of message " + id
                                + " can delete it, and you ('" + role + "') are neither")
                        .outcome();
            }
            if (message.isProposal() && !message.isAuthor(role)) {
                return Outcome.refused(
                        Refusal.forbidden(
                                "message " + id + " is a proposal by '" + message.from()
                                        + "'; only its author can delete it (deleting closes its round). Vote void to close it instead"));
            }
            if (messages.approvedAPin(tx, id)) {
                return Outcome.refused(Refusal.conflict("message " + id + " approved a pin version, so it is that"
                        + " version's consent record and cannot be deleted"));
            }
            if (message.actionRequired() && "open".equals(message.status())) {
                return Outcome.refused(
                        Refusal.conflict(
                                "message " + id + " is an open debt; deleting it would hide"
                                        + " the obligation. Resolve it first (resolve_message), then its author confirms, then delete"));
            }
            if (message.actionRequired() && "resolved".equals(message.status()) && !confirmed(tx, id)) {
                return Outcome.refused(Refusal.conflict("message " + id + " is resolved but not yet confirmed by the"
                        + " other participant; deleting it would skip that check. Confirm it (confirm_resolution) or"
                        + " reopen it"));
            }
            messages.delete(tx, id);
            events.append(tx, id, DELETED, role, null, List.of());
            Map<String, Object> deleted = new LinkedHashMap<>();
            deleted.put("id", id);
            deleted.put("deleted", true);
            deleted.put(
                    "superseded",
                    nudges.retireAbout(
                            tx,
                            List.of(id),
                            role,
                            "message " + id + ", which it is about (directly or through a nudge), was deleted"));
            return Outcome.done(deleted);
        });
    }

    /** Confirmed when a {@code resolution_confirmed} event follows the last {@code resolve}. */
    private boolean confirmed(Tx tx, long id) {
        boolean confirmed = false;
        for (EventLog.Event event : events.history(tx, id)) {
            if (event.event().equals("resolve") || event.event().equals("reopen")) {
                confirmed = false;
            } else if (event.event().equals("resolution_confirmed")) {
                confirmed = true;
            }
        }
        return confirmed;
    }
}
