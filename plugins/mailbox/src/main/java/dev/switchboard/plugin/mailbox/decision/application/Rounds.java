package dev.switchboard.plugin.mailbox.decision.application;

import java.util.List;
import java.util.Optional;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.switchboard.plugin.mailbox.channel.application.port.out.Tx;
import dev.switchboard.plugin.mailbox.decision.application.port.out.RoundStore;
import dev.switchboard.plugin.mailbox.decision.application.port.out.VoteStore;
import dev.switchboard.plugin.mailbox.decision.domain.Round;
import dev.switchboard.plugin.mailbox.decision.domain.Tally;
import dev.switchboard.plugin.mailbox.message.application.port.out.MessageStore;
import dev.switchboard.plugin.mailbox.message.domain.Message;

/**
 * A message's round and tally from the votes on record, and the open rounds on a pin key: live proposals with that
 * {@code pin_key} that no electorate member voided since their last revision. {@code send_message} refuses a second
 * open round with {@link #openRoundsOn}; {@code pin_set} reads it too. Thread-safe (stateless).
 */
@Singleton
public final class Rounds {

    private final VoteStore votes;
    private final RoundStore rounds;
    private final MessageStore messages;

    @Inject
    Rounds(VoteStore votes, RoundStore rounds, MessageStore messages) {
        this.votes = votes;
        this.rounds = rounds;
        this.messages = messages;
    }

    /**
     * @param message a message
     * @return the facts its decisions are judged by
     */
    public static Round roundOf(Message message) {
        return new Round(
                message.id(),
                message.from(),
                message.recipientRoles(),
                Optional.ofNullable(message.voters()),
                message.revisedAt());
    }

    /**
     * @param tx      the transaction
     * @param message a message
     * @return its tally now
     */
    public Tally tally(Tx tx, Message message) {
        return Tally.of(roundOf(message), votes.votes(tx, message.id()));
    }

    /**
     * @param tx  the transaction
     * @param key a pin key
     * @return the open rounds on it, in id order
     */
    public List<Message> openRoundsOn(Tx tx, String key) {
        return messages.findAll(tx, rounds.liveRoundsOn(tx, key)).stream()
                .filter(message -> !tally(tx, message).isClosed())
                .toList();
    }
}
