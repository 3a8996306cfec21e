package dev.switchboard.plugin.mailbox.decision.application;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.switchboard.plugin.mailbox.channel.application.Caller;
import dev.switchboard.plugin.mailbox.channel.application.Listing;
import dev.switchboard.plugin.mailbox.channel.application.Projection;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Tx;
import dev.switchboard.plugin.mailbox.channel.domain.Message;
import dev.switchboard.plugin.mailbox.decision.application.port.out.RoundStore;
import dev.switchboard.plugin.mailbox.message.application.MessageView;
import dev.switchboard.plugin.mailbox.message.application.Roster;
import dev.switchboard.plugin.mailbox.message.application.port.out.MessageStore;
import dev.switchboard.plugin.mailbox.work.application.port.out.WorkStore;
import dev.switchboard.ports.tool.Outcome;

/**
 * {@code awaiting_ack}: the proposals a role still owes a decision on, oldest first: live {@code proc} messages
 * addressed to it that ask for a decision, excluding nudges ({@code about_message_id} set), rounds whose declared
 * {@code voters} leave the role out, and rounds the role voted on since their last revision
 * ({@link RoundStore#awaitingDecisionOf}, which the {@code awaiting_ack} counter of {@code channel_status} reads too).
 * An entry that is also a debt carries {@code obligation: {status, resolved_by, resolved_at, confirmed}}, the page's
 * confirmations read at once ({@link WorkStore#confirmedResolutions}). Thread-safe
 * (stateless).
 */
@Singleton
public final class AwaitingAck {

    private final Roster roster;
    private final RoundStore rounds;
    private final MessageStore messages;
    private final WorkStore work;
    private final MessageView view;

    @Inject
    AwaitingAck(Roster roster, RoundStore rounds, MessageStore messages, WorkStore work, MessageView view) {
        this.roster = roster;
        this.rounds = rounds;
        this.messages = messages;
        this.work = work;
        this.view = view;
    }

    /**
     * {@code awaiting_ack}: the role arguments checked against the roster, then {@link #list(Tx, String, String,
     * String, String, int, Projection) the listing}, in one snapshot.
     *
     * @param caller   the caller
     * @param role     whose decisions are awaited
     * @param fromRole only proposals by this author, or null
     * @param pinKey   only proposals on this pin key, or null
     * @param limit    1..1000
     * @param fields   the projection
     * @return the listing with {@code generated_at}, or UNKNOWN_ROLE
     */
    public Outcome<Map<String, Object>> list(
            Caller caller, String role, String fromRole, String pinKey, int limit, Projection fields) {
        return roster.readKnown(
                caller,
                Roster.named("to_role", role, "from_role", fromRole),
                tx -> list(tx, caller.role(), role, fromRole, pinKey, limit, fields));
    }

    /**
     * @param tx       the transaction
     * @param viewer   the caller (whom the entries are shown to)
     * @param role     whose decisions are awaited
     * @param fromRole only proposals by this author, or null
     * @param pinKey   only proposals on this pin key, or null
     * @param limit    1..1000
     * @param fields   the projection
     * @return the listing with {@code generated_at}
     */
    public Outcome<Map<String, Object>> list(
            Tx tx, String viewer, String role, String fromRole, String pinKey, int limit, Projection fields) {
        List<Long> ids = rounds.awaitingDecisionOf(tx, role, fromRole, pinKey);
        List<Message> awaiting =
                messages.findAll(tx, ids.subList(0, Math.min(ids.size(), limit + 1)), MessageView.bodiesFor(fields));
        List<Message> page = awaiting.subList(0, Math.min(awaiting.size(), limit));
        // One read for the page's confirmations, from the work trail on each message, not each debt's history.
        Set<Long> confirmed = fields.wants("obligation")
                ? work.confirmedResolutions(
                        tx,
                        page.stream()
                                .filter(proposal -> proposal.actionRequired() && "resolved".equals(proposal.status()))
                                .map(Message::id)
                                .toList())
                : Set.of();
        Stream<Map<String, Object>> rows =
                page.stream().map(proposal -> entry(tx, proposal, viewer, fields, confirmed));
        return Outcome.done(Listing.of(rows, limit, awaiting.size() > limit, tx.now()));
    }

    private Map<String, Object> entry(Tx tx, Message proposal, String viewer, Projection fields, Set<Long> confirmed) {
        Map<String, Object> entry = new LinkedHashMap<>(view.wire(tx, proposal, viewer, fields));
        if (proposal.actionRequired() && fields.wants("obligation")) {
            Map<String, Object> obligation = new LinkedHashMap<>();
            obligation.put("status", proposal.status());
            obligation.put("resolved_by", proposal.resolvedBy());
            obligation.put("resolved_at", proposal.resolvedAt());
            obligation.put("confirmed", confirmed.contains(proposal.id()));
            entry.put("obligation", obligation);
        }
        return entry;
    }
}
