package dev.switchboard.plugin.mailbox.decision.application.port.out;

import java.util.List;

import dev.switchboard.plugin.mailbox.channel.application.port.out.Tx;

/**
 * The message queries of decisions and retirement. "Live" is neither deleted nor superseded. Every list is in id
 * order. Called inside a transaction only.
 */
public interface RoundStore {

    /**
     * @return live {@code proc} messages claimed by {@code key}: its {@code pin_key} is the key, or it has none and
     *         its topic or body contains the key (literally, case-sensitive)
     */
    List<Long> liveProposalsClaimedBy(Tx tx, String key);

    /**
     * @return live {@code proc} messages addressed to {@code role} that ask for a decision
     *         ({@code decision_requested}) and are not nudges, optionally by one author and on one pin key
     */
    List<Long> liveProposalsTo(Tx tx, String role, String fromRole, String pinKey);
}
