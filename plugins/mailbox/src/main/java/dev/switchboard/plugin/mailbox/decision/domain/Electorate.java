package dev.switchboard.plugin.mailbox.decision.domain;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Who a round needs: its declared {@code voters}, else its recipients; never the author. This is who {@code needed}
 * counts, whose votes {@code agreed} counts, and whose {@code void} closes the round. Immutable.
 *
 * @param members  the electorate, sorted, without the author
 * @param declared whether the round declared its voters (only names the non-members' votes differently)
 */
public record Electorate(List<String> members, boolean declared) {

    /** Copies {@code members}. */
    public Electorate {
        members = List.copyOf(members);
    }

    /**
     * @param round the round
     * @return its electorate
     */
    public static Electorate of(Round round) {
        Set<String> members = new TreeSet<>(round.declaredVoters().orElse(round.recipients()));
        members.remove(round.author());
        return new Electorate(List.copyOf(members), round.declaredVoters().isPresent());
    }

    /**
     * @param role a role
     * @return whether its vote counts
     */
    public boolean includes(String role) {
        return members.contains(role);
    }

    /**
     * Whose fresh agree a pin approval needs (seed-features §1C.5, condition 3): the declared voters; else, on a
     * hosted channel, every other role of the roster; else (stdio, where the roster is inferred) nobody in
     * particular: any one other role's fresh agree is enough.
     *
     * @param round  the round
     * @param roster the channel's registered roles on a hosted channel, empty on stdio
     * @return the roles that must all agree, or empty when one agree from any other role suffices
     */
    public static Optional<Set<String>> requiredForConsent(Round round, Optional<Set<String>> roster) {
        Optional<Set<String>> wanted = round.declaredVoters().map(Set::copyOf).or(() -> roster);
        return wanted.map(roles -> {
            Set<String> needed = new TreeSet<>(roles);
            needed.remove(round.author());
            return Set.copyOf(needed);
        });
    }
}
