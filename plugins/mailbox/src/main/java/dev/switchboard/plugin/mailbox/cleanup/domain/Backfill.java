package dev.switchboard.plugin.mailbox.cleanup.domain;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The supersede rule replayed over history (seed-features §1C.2, "One-off history cleanup"). Candidates are live
 * messages the rule would have retired: proposals claimed by a pin key and raised before its current version
 * ({@link Candidate.MatchKind#KEY}); messages whose {@code about_message_id} is dead, deleted or superseded
 * ({@link Candidate.MatchKind#TARGET}); and proposals that cite a dead or retiring message as {@code #N}
 * ({@link Candidate.MatchKind#REFERENCE}, one level, never transitive). Approval records of pin versions are never
 * candidates. Stateless.
 */
public final class Backfill {

    private static final Pattern REFERENCE = Pattern.compile("#(\\d{1,7})\\b");

    private Backfill() {}

    /**
     * @param live      every live message (neither deleted nor superseded), in id order
     * @param dead      every deleted or superseded message: id to {@code deleted} or {@code superseded}
     * @param pins      every key's current version, by key
     * @param approvals ids of messages a pin version cites as approval
     * @return the candidates, by id
     */
    public static List<Candidate> candidates(
            List<Summary> live, Map<Long, String> dead, List<PinHead> pins, Set<Long> approvals) {
        Map<Long, Summary> byId = new LinkedHashMap<>();
        Map<Long, List<Claim>> claims = new TreeMap<>();
        for (PinHead pin : pins) {
            for (Summary message : live) {
                if (message.isProposal()
                        && message.createdAt().compareTo(pin.updatedAt()) < 0
                        && message.claimedBy(pin.key())) {
                    String matched = pin.key().equals(message.pinKey()) ? "pin_key" : "text";
                    claim(byId, claims, message, new Claim(matched, pin, null, null));
                }
            }
        }
        for (Summary message : live) {
            if (message.isProposal() && message.aboutId() == null) {
                for (long target : references(message)) {
                    if (dead.containsKey(target) && target != message.id()) {
                        claim(byId, claims, message, new Claim("target_text", null, target, dead.get(target)));
                    }
                }
            }
        }
        for (Summary message : live) {
            if (message.aboutId() != null && dead.containsKey(message.aboutId())) {
                claim(byId, claims, message, new Claim("target", null, message.aboutId(), dead.get(message.aboutId())));
            }
        }
        Set<Long> seed = Set.copyOf(claims.keySet());
        for (Summary message : live) {
            if (message.isProposal() && !seed.contains(message.id())) {
                for (long target : references(message)) {
                    if (seed.contains(target) && target != message.id()) {
                        claim(
                                byId,
                                claims,
                                message,
                                new Claim("target_text", null, target, "target is itself being retired"));
                    }
                }
            }
        }
        approvals.forEach(claims::remove);
        return claims.entrySet().stream()
                .map(entry -> new Candidate(byId.get(entry.getKey()), entry.getValue()))
                .toList();
    }

    /**
     * Narrows candidates to what a pass with these arguments would retire, so its preview and its apply answer the
     * same question: reference rows only when asked for; with keys, key rows only when one of them claims them
     * (target and reference rows claim no key and stay in).
     *
     * @param candidates         every candidate
     * @param keys               the pass's keys; empty for no key filter
     * @param includeByReference whether reference rows are included
     * @return the pass's candidates, in order
     */
    public static List<Candidate> filter(
            List<Candidate> candidates, Collection<String> keys, boolean includeByReference) {
        return candidates.stream()
                .filter(c -> includeByReference || c.matchKind() != Candidate.MatchKind.REFERENCE)
                .filter(c -> keys.isEmpty()
                        || c.matchKind() != Candidate.MatchKind.KEY
                        || c.claimedBy().stream().anyMatch(keys::contains))
                .toList();
    }

    /**
     * The preconditions of applying a pass, in order: ids named and counted as the key owner said; none of them a
     * candidate of another key or a reference row not asked for; none unknown (never a candidate, retired since the
     * snapshot, or an approval record); every key claiming a multi-claimed id named.
     *
     * @param apply the pass
     * @return why it is refused (cause and way out; nothing was retired), or empty
     */
    public static Optional<String> applyProblem(Apply apply) {
        List<Long> ids = apply.ids();
        if (ids.isEmpty()) {
            return Optional.of("'ids' is required when dry_run=false: name exactly the ids you reviewed in the"
                    + " preview. Nothing was retired");
        }
        if (apply.expectCount() != ids.size()) {
            return Optional.of("'expect_count' is " + apply.expectCount() + " but 'ids' names " + ids.size()
                    + " distinct messages. The ids come from the preview and the count from the key owner's word,"
                    + " so a mismatch means one of them slipped. Nothing was retired");
        }
        Map<Long, Candidate> everything = index(apply.everything());
        Map<Long, Candidate> pass = index(apply.pass());
        List<String> wrongKey = new ArrayList<>();
        List<Long> byReference = new ArrayList<>();
        for (long id : ids) {
            Candidate candidate = everything.get(id);
            if (candidate == null || pass.containsKey(id)) {
                continue;
            }
            if (candidate.matchKind() == Candidate.MatchKind.KEY) {
                wrongKey.add(id + " (claimed by " + candidate.claimedBy() + ", not " + apply.keys() + ")");
            } else if (candidate.matchKind() == Candidate.MatchKind.REFERENCE) {
                byReference.add(id);
            }
        }
        if (!wrongKey.isEmpty()) {
            return Optional.of("these are not claimed by the key(s) this pass names: " + wrongKey + ". A pass runs"
                    + " over its keys with their owners' word behind it. Nothing was retired");
        }
        if (!byReference.isEmpty()) {
            return Optional.of(byReference + " are linked to a dead round only by a '#N' mention in their text; review"
                    + " them in a preview with include_by_reference=true and pass it if you still mean it. Nothing"
                    + " was retired");
        }
        Optional<String> unknown = unknown(apply, everything, pass);
        if (unknown.isPresent()) {
            return unknown;
        }
        for (long id : ids) {
            Set<String> claimed = new TreeSet<>(pass.get(id).claimedBy());
            if (claimed.size() > 1 && !apply.keys().containsAll(claimed)) {
                Set<String> missing = new TreeSet<>(claimed);
                missing.removeAll(apply.keys());
                return Optional.of("message " + id + " is claimed by " + claimed + "; a pass naming only "
                        + new TreeSet<>(apply.keys()) + " cannot retire it. Put it in a pass that carries the word of"
                        + " every claiming key's owner; missing: " + missing + ". Nothing was retired");
            }
        }
        return Optional.empty();
    }

    private static Optional<String> unknown(Apply apply, Map<Long, Candidate> everything, Map<Long, Candidate> pass) {
        List<Long> never = new ArrayList<>();
        List<String> retiredSince = new ArrayList<>();
        List<String> approval = new ArrayList<>();
        for (long id : apply.ids()) {
            if (pass.containsKey(id) || everything.containsKey(id)) {
                continue;
            }
            Apply.Retired retired = apply.retired().get(id);
            if (apply.approvals().containsKey(id)) {
                approval.add(
                        id + " (approval record of pin '" + apply.approvals().get(id) + "')");
            } else if (retired != null
                    && (apply.snapshotAt() == null || retired.supersededAt().compareTo(apply.snapshotAt()) > 0)) {
                retiredSince.add(id + " (" + retired.description() + ")");
            } else {
                never.add(id);
            }
        }
        List<String> parts = new ArrayList<>();
        if (!never.isEmpty()) {
            parts.add("never were candidates: " + never);
        }
        if (!retiredSince.isEmpty()) {
            parts.add("retired after your snapshot: " + retiredSince);
        }
        if (!approval.isEmpty()) {
            parts.add("cannot be retired: " + approval);
        }
        return parts.isEmpty()
                ? Optional.empty()
                : Optional.of(String.join("; ", parts) + ". Nothing was retired; run the preview again and review it");
    }

    private static Map<Long, Candidate> index(List<Candidate> candidates) {
        Map<Long, Candidate> index = new LinkedHashMap<>();
        candidates.forEach(c -> index.put(c.message().id(), c));
        return index;
    }

    private static Set<Long> references(Summary message) {
        Set<Long> ids = new TreeSet<>();
        Matcher matcher = REFERENCE.matcher(message.topic() + "\n" + message.body());
        while (matcher.find()) {
            ids.add(Long.parseLong(matcher.group(1)));
        }
        return ids;
    }

    private static void claim(Map<Long, Summary> byId, Map<Long, List<Claim>> claims, Summary message, Claim claim) {
        byId.putIfAbsent(message.id(), message);
        claims.computeIfAbsent(message.id(), id -> new ArrayList<>()).add(claim);
    }
}
