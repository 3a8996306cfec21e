package dev.switchboard.plugin.mailbox.decision.application.port.out;

import java.util.List;

import dev.switchboard.plugin.mailbox.channel.application.port.out.Tx;
import dev.switchboard.plugin.mailbox.decision.domain.Vote;

/** The votes of a channel ({@code mailbox_ack}): one per message and role. Called inside a transaction only. */
public interface VoteStore {

    /**
     * @param tx        the transaction
     * @param messageId a message
     * @return its votes, by role
     */
    List<Vote> votes(Tx tx, long messageId);

    /**
     * Records the vote, replacing the role's earlier one on the message.
     *
     * @param tx        a writing transaction
     * @param messageId the message
     * @param vote      the vote
     */
    void save(Tx tx, long messageId, Vote vote);
}
