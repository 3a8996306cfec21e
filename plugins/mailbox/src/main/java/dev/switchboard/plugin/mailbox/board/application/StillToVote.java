package dev.switchboard.plugin.mailbox.board.application;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.switchboard.plugin.mailbox.channel.application.port.out.Tx;
import dev.switchboard.plugin.mailbox.decision.application.port.out.RoundStore;

/**
 * Who is still to vote on each open proposal, by the decision capability's one rule: the proposals awaiting a role's
 * decision ({@link RoundStore#awaitingDecisionOf}, which {@code awaiting_ack} lists and {@code channel_status} counts),
 * read per role and turned around per proposal. A role that voted anything since the last revision
 * ({@code needs_changes} included) is not still to vote; {@code missing} of {@code get_acknowledgements} (without a
 * fresh agree) is another question, which the board does not answer with this name. Thread-safe (stateless).
 */
@Singleton
public final class StillToVote {

    private final RoundStore rounds;

    @Inject
    StillToVote(RoundStore rounds) {
        this.rounds = rounds;
    }

    /**
     * @param tx    the transaction
     * @param roles the channel's roles, in the order the lists should keep
     * @return per role, the ids of the proposals awaiting its decision, ascending (every role present)
     */
    public Map<String, List<Long>> byRole(Tx tx, List<String> roles) {
        return rounds.awaitingDecisionOf(tx, roles);
    }

    /**
     * @param byRole what {@link #byRole} answered
     * @return per proposal id, the roles still to vote on it, in the roles' order (a proposal nobody owes a vote on
     *     is absent)
     */
    public static Map<Long, List<String>> byProposal(Map<String, List<Long>> byRole) {
        Map<Long, List<String>> roles = new LinkedHashMap<>();
        byRole.forEach((role, ids) -> ids.forEach(
                id -> roles.computeIfAbsent(id, x -> new ArrayList<>()).add(role)));
        return roles;
    }
}
