package dev.switchboard.plugin.mailbox.decision.domain;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The consent state of a round from the votes on record: what {@code get_acknowledgements} answers and what every
 * listed proposal carries as {@code acks}. Votes quenched by a revision are listed apart and never counted; votes from
 * roles outside the electorate are listed apart and never counted; a {@code void} never counts as agreement. Maps are
 * sorted by role. Immutable.
 *
 * @param agreed        how many electorate members have a fresh agree
 * @param needed        the electorate's size
 * @param missing       electorate members without a fresh agree, sorted
 * @param decisions     every fresh decision, role to wire name
 * @param voters        the electorate, sorted
 * @param declaredDeadBy electorate members whose fresh {@code void} closed the round, sorted (empty: the round lives)
 * @param outsiders     fresh decisions of roles outside the electorate, role to wire name
 * @param quenched      stale decisions, role to wire name
 * @param declared      whether the round declared its voters
 */
public record Tally(
        int agreed,
        int needed,
        List<String> missing,
        Map<String, String> decisions,
        List<String> voters,
        List<String> declaredDeadBy,
        Map<String, String> outsiders,
        Map<String, String> quenched,
        boolean declared) {

    /** Copies the collections, keeping their order. */
    public Tally {
        missing = List.copyOf(missing);
        decisions = Collections.unmodifiableMap(new TreeMap<>(decisions));
        voters = List.copyOf(voters);
        declaredDeadBy = List.copyOf(declaredDeadBy);
        outsiders = Collections.unmodifiableMap(new TreeMap<>(outsiders));
        quenched = Collections.unmodifiableMap(new TreeMap<>(quenched));
    }

    /**
     * @param round the round
     * @param votes every vote on record for it, one per role
     * @return its tally
     */
    public static Tally of(Round round, List<Vote> votes) {
        Electorate electorate = Electorate.of(round);
        Map<String, String> fresh = new TreeMap<>();
        Map<String, String> stale = new TreeMap<>();
        Map<String, String> outsiders = new TreeMap<>();
        List<String> dead = new ArrayList<>();
        for (Vote vote : votes) {
            if (vote.isStale(round.revisedAt())) {
                stale.put(vote.role(), vote.decision().wire());
                continue;
            }
            fresh.put(vote.role(), vote.decision().wire());
            if (!electorate.includes(vote.role())) {
                outsiders.put(vote.role(), vote.decision().wire());
            } else if (vote.decision() == Decision.VOID) {
                dead.add(vote.role());
            }
        }
        List<String> missing = electorate.members().stream()
                .filter(role -> !Decision.AGREE.wire().equals(fresh.get(role)))
                .toList();
        return new Tally(
                electorate.members().size() - missing.size(),
                electorate.members().size(),
                missing,
                fresh,
                electorate.members(),
                dead.stream().sorted().toList(),
                outsiders,
                stale,
                electorate.declared());
    }

    /** @return whether an electorate member's fresh void closed the round */
    public boolean isClosed() {
        return !declaredDeadBy.isEmpty();
    }

    /**
     * The tally as the wire shows it: {@code agreed}, {@code needed}, {@code missing}, {@code decisions},
     * {@code voters}, plus {@code declared_dead_by}, {@code from_non_voters} (declared voters) or
     * {@code from_non_recipients}, and {@code quenched_by_revision} when they are not empty.
     *
     * @return a new ordered map
     */
    public Map<String, Object> toWire() {
        Map<String, Object> wire = new java.util.LinkedHashMap<>();
        wire.put("agreed", agreed);
        wire.put("needed", needed);
        wire.put("missing", missing);
        wire.put("decisions", decisions);
        wire.put("voters", voters);
        if (!declaredDeadBy.isEmpty()) {
            wire.put("declared_dead_by", declaredDeadBy);
        }
        if (!outsiders.isEmpty()) {
            wire.put(declared ? "from_non_voters" : "from_non_recipients", outsiders);
        }
        if (!quenched.isEmpty()) {
            wire.put("quenched_by_revision", quenched);
        }
        return wire;
    }
}
