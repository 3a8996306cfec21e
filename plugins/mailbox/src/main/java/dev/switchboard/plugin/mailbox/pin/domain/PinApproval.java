package dev.switchboard.plugin.mailbox.pin.domain;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

import dev.switchboard.plugin.mailbox.channel.domain.ClientText;
import dev.switchboard.plugin.mailbox.decision.domain.Decision;
import dev.switchboard.plugin.mailbox.decision.domain.Electorate;
import dev.switchboard.plugin.mailbox.decision.domain.Tally;
import dev.switchboard.plugin.mailbox.decision.domain.Vote;

/**
 * The pin approval algorithm (seed-features §1C.5), one function for {@code pin_set} and its dry run alike. A write to
 * a protected key needs {@code approved_by}, the id of a {@code proc} message that (1) is for this key, (2) was not
 * voided by an electorate member since its last revision, (3) has a fresh agree from every role consent needs, (4)
 * each counted agree newer than the key's current version, and (5) never approved a version before; on stdio the
 * caller must also be a participant of it. With the operator's strict digest rule, the body must also have the
 * proposal's SHA-256. Consent is evaluated now, so an agree changed to reject withdraws it. Stateless.
 */
public final class PinApproval {

    private PinApproval() {}

    /**
     * @param request the write and the state it is judged by
     * @return the verdict
     */
    public static Verdict judge(PinRequest request) {
        String key = request.key();
        if (request.approvedBy().isEmpty()) {
            if (PinKeys.isProtected(key, request.everApproved())) {
                String stage = request.current().isPresent() ? "updating" : "creating";
                return blocked(
                        "key '" + key + "' is protected (reserved, or once written with approval): " + stage
                                + " it needs approved_by, the id of a kind='proc' proposal with pin_key='" + key
                                + "' that the other roles agreed to. Nothing was written; send such a proposal"
                                + " and collect the agrees first",
                        List.of());
            }
            return new Verdict.Approved();
        }
        long id = request.approvedBy().get();
        if (request.proposal().isEmpty()) {
            return new Verdict.Blocked(
                    true,
                    "approved_by message " + id + " not found (or deleted); nothing was written. Pass the id of"
                            + " a live proposal for '" + key + "'",
                    List.of());
        }
        Proposal proposal = request.proposal().get();
        if (request.roster().isEmpty() && !proposal.round().isParticipant(request.caller())) {
            return new Verdict.Forbidden("role '" + request.caller() + "' is neither the sender nor a recipient of"
                    + " proposal " + id + ", so it cannot use it as approval; a participant of the round may"
                    + " write the pin");
        }
        Optional<Verdict> notForKey = notForKey(request, proposal);
        if (notForKey.isPresent()) {
            return notForKey.get();
        }
        Tally tally = Tally.of(proposal.round(), proposal.votes());
        if (tally.isClosed()) {
            return blocked(
                    "proposal " + id + " was declared void by " + tally.declaredDeadBy() + "; a dead round cannot"
                            + " approve a pin. Nothing was written; send a new proposal",
                    List.of());
        }
        Optional<Set<String>> needed = Electorate.requiredForConsent(proposal.round(), request.roster());
        Map<String, String> agreeAt = freshAgrees(proposal);
        if (agreeAt.isEmpty()) {
            return blocked(
                    "proposal " + id + " has no fresh 'agree'; the change is not agreed yet. Nothing was written;"
                            + " ask the voters to acknowledge it",
                    needed.map(roles -> roles.stream().sorted().toList()).orElse(List.of()));
        }
        if (request.approvalUsed()) {
            return blocked(
                    "proposal " + id + " already approved a version of a pin; one agreed proposal authorises one"
                            + " change. Nothing was written; send a new proposal for this change",
                    List.of());
        }
        Optional<Verdict> quorum = quorum(request, id, needed, agreeAt);
        if (quorum.isPresent()) {
            return quorum.get();
        }
        if (request.strictDigest() && !proposal.approvedSha256().equals(request.bodySha256())) {
            return blocked(
                    "strict digest mode: the body's sha256 " + request.bodySha256() + " differs from the sha256 "
                            + proposal.approvedSha256() + " of what proposal " + id + " put to the vote. Nothing"
                            + " was written; pin the agreed text verbatim, or propose this text",
                    List.of());
        }
        return new Verdict.Approved();
    }

    private static Optional<Verdict> notForKey(PinRequest request, Proposal proposal) {
        String key = request.key();
        long id = proposal.id();
        if (!"proc".equals(proposal.kind())) {
            return Optional.of(blocked(
                    "approved_by message " + id + " is not a proposal (kind=" + proposal.kind() + "); only a"
                            + " kind='proc' message can approve a pin. Nothing was written; send one with pin_key='"
                            + key + "'",
                    List.of()));
        }
        if (proposal.pinKey() != null) {
            return proposal.pinKey().equals(key)
                    ? Optional.empty()
                    : Optional.of(blocked(
                            "approved_by message " + id + " is a proposal for pin '" + proposal.pinKey() + "', not '"
                                    + key + "'. Nothing was written; cite a proposal for '" + key + "'",
                            List.of()));
        }
        if (!proposal.topic().contains(key) && !proposal.body().contains(key)) {
            return Optional.of(blocked(
                    "approved_by message " + id + " does not name '" + key + "'. Nothing was written; send"
                            + " proposals with pin_key='" + key + "'",
                    List.of()));
        }
        if (!request.openRounds().isEmpty()) {
            String ids = request.openRounds().stream().map(r -> "#" + r).collect(Collectors.joining(", "));
            return Optional.of(blocked(
                    "approved_by message " + id + " only mentions '" + key + "' in its text, and '" + key
                            + "' has an open round (" + ids + "); while a round is open only that round can approve"
                            + " the pin. Nothing was written",
                    List.of()));
        }
        return Optional.empty();
    }

    private static Optional<Verdict> quorum(
            PinRequest request, long id, Optional<Set<String>> needed, Map<String, String> agreeAt) {
        String key = request.key();
        String since = request.current().map(PinVersion::updatedAt).orElse(null);
        if (needed.isEmpty()) {
            String newest = agreeAt.values().stream().max(String::compareTo).orElseThrow();
            return since != null && newest.compareTo(since) < 0
                    ? Optional.of(blocked(
                            "every 'agree' on proposal " + id + " predates the current '" + key + "' version;"
                                    + " consent is stale. Nothing was written; propose again",
                            List.of()))
                    : Optional.empty();
        }
        List<String> missing = needed.get().stream()
                .filter(role -> !agreeAt.containsKey(role))
                .sorted()
                .toList();
        if (!missing.isEmpty()) {
            return Optional.of(blocked(
                    ClientText.quoted(key) + " needs the consent of "
                            + needed.get().stream().sorted().toList()
                            + ": proposal " + id + " still lacks a fresh 'agree' from " + missing
                            + ". Nothing was written; ask them to acknowledge it",
                    missing));
        }
        if (since != null) {
            List<String> stale = needed.get().stream()
                    .filter(role -> agreeAt.get(role).compareTo(since) < 0)
                    .sorted()
                    .toList();
            if (!stale.isEmpty()) {
                return Optional.of(blocked(
                        "the 'agree' of " + stale + " on proposal " + id + " predates the current '" + key
                                + "' version; consent is stale. Nothing was written; propose again",
                        stale));
            }
        }
        return Optional.empty();
    }

    /** Role to when it agreed, for every agree not quenched by a revision. */
    private static Map<String, String> freshAgrees(Proposal proposal) {
        Map<String, String> at = new TreeMap<>();
        for (Vote vote : proposal.votes()) {
            if (vote.decision() == Decision.AGREE
                    && !vote.isStale(proposal.round().revisedAt())) {
                at.put(vote.role(), vote.createdAt());
            }
        }
        return at;
    }

    private static Verdict blocked(String problem, List<String> missing) {
        return new Verdict.Blocked(false, problem, missing);
    }
}
