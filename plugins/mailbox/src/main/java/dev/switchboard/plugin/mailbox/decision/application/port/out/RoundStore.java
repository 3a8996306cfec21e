package dev.switchboard.plugin.mailbox.decision.application.port.out;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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
     * The proposals awaiting a role's decision, in one query: live {@code proc} messages addressed to {@code role}
     * that ask for a decision ({@code decision_requested}), are not nudges, whose declared {@code voters} (if any)
     * include the role, and on which the role has no vote since their last revision (a vote is stale, as
     * {@link dev.switchboard.plugin.mailbox.decision.domain.Vote#isStale} says, when it is not later than the
     * revision). {@code awaiting_ack}'s listing and the {@code awaiting_ack} counter of {@code channel_status} and
     * {@code wait_for_mail} both read it, so the rule exists once.
     *
     * @param tx       the transaction
     * @param role     whose decisions are awaited
     * @param fromRole only proposals by this author, or null for any
     * @param pinKey   only proposals on this pin key, or null for any
     * @return their ids, ascending
     */
    List<Long> awaitingDecisionOf(Tx tx, String role, String fromRole, String pinKey);

    /**
     * {@link #awaitingDecisionOf(Tx, String, String, String)} of several roles, any author and pin: what a page of
     * every role reads once, for its counters and for who is still to vote on each proposal.
     *
     * @param tx    the transaction
     * @param roles the roles
     * @return per role, in the order given (every role present), the ids of the proposals awaiting its decision,
     *     ascending
     */
    default Map<String, List<Long>> awaitingDecisionOf(Tx tx, List<String> roles) {
        Map<String, List<Long>> awaiting = new LinkedHashMap<>();
        for (String role : roles) {
            awaiting.put(role, awaitingDecisionOf(tx, role, null, null));
        }
        return awaiting;
    }
}
