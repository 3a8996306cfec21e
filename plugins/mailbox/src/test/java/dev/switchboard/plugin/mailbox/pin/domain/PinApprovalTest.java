package dev.switchboard.plugin.mailbox.pin.domain;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import dev.switchboard.plugin.mailbox.channel.domain.Digest;
import dev.switchboard.plugin.mailbox.decision.domain.Decision;
import dev.switchboard.plugin.mailbox.decision.domain.Round;
import dev.switchboard.plugin.mailbox.decision.domain.Vote;

class PinApprovalTest {

    private static final String T1 = "2026-12-01T10:00:00.000Z";
    private static final String T2 = "2026-12-01T10:00:01.000Z";
    private static final String T3 = "2026-12-01T10:00:02.000Z";
    private static final String BODY = Digest.of("the charter").sha256();

    @Test
    @DisplayName("3C.118 a reserved key needs approved_by even for its first version")
    void aReservedKeyNeedsApprovalFromTheFirstVersion() {
        Verdict verdict = PinApproval.judge(request("team-charter", Optional.empty(), Optional.empty()));

        assertThat(verdict)
                .isInstanceOfSatisfying(
                        Verdict.Blocked.class,
                        b -> assertThat(b.problem()).contains("protected", "approved_by", "creating"));
    }

    @Test
    @DisplayName("3C.119 a free key is written without approval; once approved it is protected")
    void aKeyOnceApprovedStaysProtected() {
        assertThat(PinApproval.judge(request("notes", Optional.empty(), Optional.empty())))
                .isInstanceOf(Verdict.Approved.class);
        PinRequest later = with(request("notes", Optional.empty(), Optional.empty()), true, List.of(), false, null);

        assertThat(PinApproval.judge(later)).isInstanceOf(Verdict.Blocked.class);
    }

    @Test
    @DisplayName("3C.120 approved_by naming a non-proc is refused")
    void aNonProposalCannotApprove() {
        Proposal bug = proposal("bug", "glossary", List.of(agree("backend", T2)), null);

        assertThat(problem(request("glossary", Optional.of(7L), Optional.of(bug))))
                .contains("not a proposal");
    }

    @Test
    @DisplayName("3C.120 a proc for another key is refused even when its text names this key")
    void aProposalForAnotherKeyCannotApprove() {
        Proposal other = new Proposal(
                round(null, Optional.empty()),
                "proc",
                "notes",
                "about glossary",
                "glossary",
                BODY,
                List.of(agree("backend", T2)));

        assertThat(problem(request("glossary", Optional.of(7L), Optional.of(other))))
                .contains("for pin 'notes'");
    }

    @Test
    void aProposalWithoutPinKeyApprovesByTextOnlyWhileTheKeyHasNoOpenRound() {
        Proposal legacy = new Proposal(
                round(null, Optional.empty()),
                "proc",
                null,
                "update the glossary",
                "text",
                BODY,
                List.of(agree("backend", T2)));
        PinRequest free = request("glossary", Optional.of(7L), Optional.of(legacy));

        assertThat(PinApproval.judge(free)).isInstanceOf(Verdict.Approved.class);
        assertThat(problem(with(free, false, List.of(9L), false, null))).contains("open round (#9)");
        Proposal silent = new Proposal(
                round(null, Optional.empty()), "proc", null, "t", "b", BODY, List.of(agree("backend", T2)));
        assertThat(problem(request("glossary", Optional.of(7L), Optional.of(silent))))
                .contains("does not name");
    }

    @Test
    @DisplayName("3C.120 a missing electorate agree is refused with missing_agrees")
    void aMissingAgreeIsNamed() {
        Proposal declared = proposal(
                "proc", "glossary", List.of(agree("backend", T2)), null, Optional.of(List.of("backend", "infra")));

        Verdict verdict = PinApproval.judge(request("glossary", Optional.of(7L), Optional.of(declared)));

        assertThat(verdict).isInstanceOfSatisfying(Verdict.Blocked.class, b -> {
            assertThat(b.missingAgrees()).containsExactly("infra");
            assertThat(b.notFound()).isFalse();
        });
    }

    @Test
    @DisplayName("3C.120 an agree older than the current version is stale")
    void anAgreeOlderThanTheCurrentVersionIsStale() {
        Proposal p = proposal("proc", "glossary", List.of(agree("backend", T1)), null);
        PinRequest request = with(request("glossary", Optional.of(7L), Optional.of(p)), true, List.of(), false, T2);

        assertThat(problem(request)).contains("predates the current 'glossary' version");
        Proposal declared =
                proposal("proc", "glossary", List.of(agree("backend", T1)), null, Optional.of(List.of("backend")));
        Verdict v = PinApproval.judge(
                with(request("glossary", Optional.of(7L), Optional.of(declared)), true, List.of(), false, T2));
        assertThat(v)
                .isInstanceOfSatisfying(
                        Verdict.Blocked.class,
                        b -> assertThat(b.missingAgrees()).containsExactly("backend"));
    }

    @Test
    @DisplayName("3C.120 an approval already used is refused")
    void oneProposalApprovesOneChange() {
        Proposal p = proposal("proc", "glossary", List.of(agree("backend", T2)), null);

        assertThat(problem(with(request("glossary", Optional.of(7L), Optional.of(p)), true, List.of(), true, null)))
                .contains("already approved");
    }

    @Test
    @DisplayName("3C.114 a voided round cannot approve")
    void aVoidedRoundCannotApprove() {
        Proposal p = proposal(
                "proc",
                "glossary",
                List.of(agree("backend", T2), new Vote("infra", Decision.VOID, null, T2)),
                null,
                Optional.empty(),
                List.of("backend", "infra"));

        assertThat(problem(request("glossary", Optional.of(7L), Optional.of(p))))
                .contains("declared void");
    }

    @Test
    void votesQuenchedByARevisionApproveNothing() {
        Proposal p = proposal("proc", "glossary", List.of(agree("backend", T1)), T2);

        assertThat(problem(request("glossary", Optional.of(7L), Optional.of(p))))
                .contains("no fresh 'agree'");
    }

    @Test
    void aMissingProposalIsNotFound() {
        Verdict verdict = PinApproval.judge(request("glossary", Optional.of(7L), Optional.empty()));

        assertThat(verdict)
                .isInstanceOfSatisfying(
                        Verdict.Blocked.class, b -> assertThat(b.notFound()).isTrue());
    }

    @Test
    @DisplayName("3C.121 on stdio a non-participant may never use a proposal as approval")
    void onStdioTheCallerMustBeAParticipant() {
        Proposal p = proposal("proc", "glossary", List.of(agree("backend", T2)), null);
        PinRequest byOutsider = approvedBy7(p, "infra", BODY, Optional.empty(), false);

        assertThat(PinApproval.judge(byOutsider)).isInstanceOf(Verdict.Forbidden.class);
    }

    @Test
    void onAHostedChannelEveryOtherRoleMustAgree() {
        Proposal p = proposal("proc", "glossary", List.of(agree("backend", T2)), null);
        PinRequest hosted = approvedBy7(p, "frontend", BODY, Optional.of(Set.of("frontend", "backend", "qa")), false);

        assertThat(PinApproval.judge(hosted))
                .isInstanceOfSatisfying(
                        Verdict.Blocked.class,
                        b -> assertThat(b.missingAgrees()).containsExactly("qa"));
    }

    @Test
    @DisplayName("beyond #4 strict digest mode refuses a body other than the one put to the vote")
    void strictDigestModeComparesTheBodyWithTheProposal() {
        Proposal p = proposal("proc", "glossary", List.of(agree("backend", T3)), null);
        PinRequest other = approvedBy7(p, "frontend", Digest.of("edited").sha256(), Optional.empty(), true);
        PinRequest same = approvedBy7(p, "frontend", BODY, Optional.empty(), true);
        PinRequest lax = approvedBy7(p, "frontend", Digest.of("edited").sha256(), Optional.empty(), false);

        assertThat(problem(other)).contains("strict digest mode");
        assertThat(PinApproval.judge(same)).isInstanceOf(Verdict.Approved.class);
        assertThat(PinApproval.judge(lax)).isInstanceOf(Verdict.Approved.class);
    }

    private static String problem(PinRequest request) {
        Verdict verdict = PinApproval.judge(request);
        assertThat(verdict).isInstanceOf(Verdict.Blocked.class);
        return ((Verdict.Blocked) verdict).problem();
    }

    private static PinRequest request(String key, Optional<Long> approvedBy, Optional<Proposal> proposal) {
        return new PinRequest(
                key,
                "frontend",
                approvedBy,
                BODY,
                Optional.empty(),
                false,
                proposal,
                List.of(),
                false,
                Optional.empty(),
                false);
    }

    /**
     * A {@code pin_set} of {@code glossary} by {@code caller} with {@code approved_by: 7}, message 7 being
     * {@code proposal}, no current version and no open rounds.
     */
    private static PinRequest approvedBy7(
            Proposal proposal, String caller, String bodySha256, Optional<Set<String>> roster, boolean strictDigest) {
        return new PinRequest(
                "glossary",
                caller,
                Optional.of(7L),
                bodySha256,
                Optional.empty(),
                false,
                Optional.of(proposal),
                List.of(),
                false,
                roster,
                strictDigest);
    }

    private static PinRequest with(
            PinRequest r, boolean everApproved, List<Long> openRounds, boolean used, String currentAt) {
        Optional<PinVersion> current = Optional.ofNullable(currentAt)
                .map(at -> new PinVersion(r.key(), "t", "b", "1", "frontend", at, 3L, Digest.of("b")));
        return new PinRequest(
                r.key(),
                r.caller(),
                r.approvedBy(),
                r.bodySha256(),
                current,
                everApproved,
                r.proposal(),
                openRounds,
                used,
                r.roster(),
                r.strictDigest());
    }

    private static Proposal proposal(String kind, String key, List<Vote> votes, String revisedAt) {
        return proposal(kind, key, votes, revisedAt, Optional.empty());
    }

    private static Proposal proposal(
            String kind, String key, List<Vote> votes, String revisedAt, Optional<List<String>> voters) {
        return proposal(kind, key, votes, revisedAt, voters, List.of("backend"));
    }

    private static Proposal proposal(
            String kind,
            String key,
            List<Vote> votes,
            String revisedAt,
            Optional<List<String>> voters,
            List<String> recipients) {
        return new Proposal(
                new Round(7, "frontend", recipients, voters, revisedAt),
                kind,
                key,
                "topic",
                "the charter",
                BODY,
                votes);
    }

    private static Round round(String revisedAt, Optional<List<String>> voters) {
        return new Round(7, "frontend", List.of("backend"), voters, revisedAt);
    }

    private static Vote agree(String role, String at) {
        return new Vote(role, Decision.AGREE, null, at);
    }
}
