package dev.switchboard.plugin.mailbox.decision.application;

import java.util.Optional;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.switchboard.plugin.mailbox.channel.application.port.out.Tx;
import dev.switchboard.plugin.mailbox.channel.domain.Message;
import dev.switchboard.plugin.mailbox.decision.application.port.out.VoteStore;
import dev.switchboard.plugin.mailbox.decision.domain.Round;
import dev.switchboard.plugin.mailbox.decision.domain.Tally;

/**
 * A message's round and its tally from the votes on record. Thread-safe (stateless).
 */
@Singleton
public final class Rounds {

    private final VoteStore votes;

    @Inject
    Rounds(VoteStore votes) {
        this.votes = votes;
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
}
