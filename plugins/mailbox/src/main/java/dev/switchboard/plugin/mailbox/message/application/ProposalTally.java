package dev.switchboard.plugin.mailbox.message.application;

import java.util.Map;

import dev.switchboard.plugin.mailbox.channel.application.port.out.Tx;
import dev.switchboard.plugin.mailbox.channel.domain.Message;

/**
 * The {@code acks} tally a proposal carries in every tool that returns messages; bound to the decision
 * capability's electorate-aware tally ({@code decision.application.ElectorateTally}). Implementations are
 * thread-safe.
 */
public interface ProposalTally {

    /**
     * @param tx       the open transaction
     * @param proposal a {@code proc} message
     * @param caller   the role the view is for
     * @return the tally as a JSON object
     */
    Map<String, Object> acks(Tx tx, Message proposal, String caller);
}
