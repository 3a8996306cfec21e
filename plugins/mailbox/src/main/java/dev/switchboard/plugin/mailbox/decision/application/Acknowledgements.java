package dev.switchboard.plugin.mailbox.decision.application;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.switchboard.plugin.mailbox.channel.application.Caller;
import dev.switchboard.plugin.mailbox.channel.application.Projection;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Transactions;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Tx;
import dev.switchboard.plugin.mailbox.channel.domain.Digest;
import dev.switchboard.plugin.mailbox.channel.domain.Message;
import dev.switchboard.plugin.mailbox.decision.application.port.out.VoteStore;
import dev.switchboard.plugin.mailbox.decision.domain.Tally;
import dev.switchboard.plugin.mailbox.decision.domain.Vote;
import dev.switchboard.plugin.mailbox.message.application.Roster;
import dev.switchboard.plugin.mailbox.message.application.port.out.MessageStore;
import dev.switchboard.ports.tool.Outcome;

/**
 * {@code get_acknowledgements}: the consent state of a message. The answer's fields are {@link #FIELDS};
 * {@code fields="headers"} keeps {@link #HEADERS} (the tally without the notes). Thread-safe (stateless).
 */
@Singleton
public final class Acknowledgements {

    /** Every field of the answer, in order. */
    public static final List<String> FIELDS = List.of(
            "message_id",
            "acknowledgements",
            "agreed",
            "needed",
            "missing",
            "decisions",
            "from_non_recipients",
            "from_non_voters",
            "quenched_by_revision",
            "voters",
            "roles",
            "roles_source",
            "declared_dead_by",
            "body_sha256",
            "generated_at");

    /** The {@code headers} preset: what explains the count, without the notes. */
    public static final List<String> HEADERS = List.of(
            "agreed",
            "needed",
            "missing",
            "decisions",
            "voters",
            "from_non_recipients",
            "from_non_voters",
            "quenched_by_revision",
            "declared_dead_by");

    private final Transactions transactions;
    private final MessageStore messages;
    private final VoteStore votes;
    private final Roster roster;

    @Inject
    Acknowledgements(Transactions transactions, MessageStore messages, VoteStore votes, Roster roster) {
        this.transactions = transactions;
        this.messages = messages;
        this.votes = votes;
        this.roster = roster;
    }

    /** @return {@code get_acknowledgements}' answer ({@link #of(Tx, long, Projection)}) in its own snapshot */
    public Outcome<Map<String, Object>> of(Caller caller, long messageId, Projection fields) {
        return transactions.read(caller.channelId(), tx -> of(tx, messageId, fields));
    }

    /**
     * @param tx        the transaction
     * @param messageId the message
     * @param fields    the projection
     * @return the answer; NOT_FOUND for a missing or deleted message
     */
    public Outcome<Map<String, Object>> of(Tx tx, long messageId, Projection fields) {
        Optional<Message> found = messages.find(tx, messageId).filter(m -> !m.isDeleted());
        if (found.isEmpty()) {
            return Message.notFound(messageId).outcome();
        }
        Message message = found.get();
        List<Vote> recorded = votes.votes(tx, messageId);
        Tally tally = Tally.of(Rounds.roundOf(message), recorded);
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("message_id", messageId);
        answer.put(
                "acknowledgements",
                recorded.stream()
                        .map(vote -> wire(messageId, vote, message.revisedAt()))
                        .toList());
        answer.putAll(tally.toWire());
        Roster.Members members = roster.of(tx);
        answer.put("roles", members.roles());
        answer.put("roles_source", members.source());
        answer.put("body_sha256", Digest.of(message.body()).sha256());
        answer.put("generated_at", tx.now());
        return Outcome.done(fields.apply(answer));
    }

    private static Map<String, Object> wire(long messageId, Vote vote, String revisedAt) {
        Map<String, Object> wire = new LinkedHashMap<>();
        wire.put("message_id", messageId);
        wire.put("role", vote.role());
        wire.put("decision", vote.decision().wire());
        wire.put("note", vote.note());
        wire.put("created_at", vote.createdAt());
        wire.put("stale", vote.isStale(revisedAt));
        return wire;
    }
}
