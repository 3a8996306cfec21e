package dev.switchboard.plugin.mailbox.decision.application;

import java.util.Map;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.switchboard.plugin.mailbox.channel.application.port.out.Tx;
import dev.switchboard.plugin.mailbox.channel.domain.Message;
import dev.switchboard.plugin.mailbox.message.application.ProposalTally;

/**
 * The {@code acks} every listed proposal carries: the electorate-aware {@link
 * dev.switchboard.plugin.mailbox.decision.domain.Tally} (agreed, needed, missing, decisions, voters, and the
 * non-voters', quenched and void decisions), the same for every caller. Thread-safe (stateless).
 */
@Singleton
public final class ElectorateTally implements ProposalTally {

    private final Rounds rounds;

    @Inject
    ElectorateTally(Rounds rounds) {
        this.rounds = rounds;
    }

    @Override
    public Map<String, Object> acks(Tx tx, Message proposal, String caller) {
        return rounds.tally(tx, proposal).toWire();
    }
}
