package dev.switchboard.plugin.mailbox.decision.domain;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class TallyTest {

    private static final String T1 = "2026-12-01T10:00:00.000Z";
    private static final String T2 = "2026-12-01T10:00:01.000Z";
    private static final String T3 = "2026-12-01T10:00:02.000Z";

    @Test
    @DisplayName("3C.115 a proc to one role needs one agree; a non-recipient's vote is listed, not counted")
    void aNonRecipientsVoteIsShownApartAndNotCounted() {
        Round round = new Round(1, "frontend", List.of("backend"), Optional.empty(), null);

        Tally tally = Tally.of(round, List.of(vote("infra", Decision.AGREE, T1)));

        assertThat(tally.needed()).isEqualTo(1);
        assertThat(tally.agreed()).isZero();
        assertThat(tally.missing()).containsExactly("backend");
        assertThat(tally.toWire())
                .containsEntry("from_non_recipients", Map.of("infra", "agree"))
                .doesNotContainKey("from_non_voters");
    }

    @Test
    @DisplayName("3C.115 with declared voters the electorate is the voters, and others are from_non_voters")
    void declaredVotersAreTheElectorate() {
        Round round = new Round(
                1, "frontend", List.of("backend", "infra", "qa"), Optional.of(List.of("backend", "frontend")), null);

        Tally tally = Tally.of(round, List.of(vote("backend", Decision.AGREE, T1), vote("qa", Decision.REJECT, T1)));

        assertThat(tally.voters()).containsExactly("backend");
        assertThat(tally.agreed()).isEqualTo(1);
        assertThat(tally.needed()).isEqualTo(1);
        assertThat(tally.toWire()).containsEntry("from_non_voters", Map.of("qa", "reject"));
    }

    @Test
    @DisplayName(
            "3C.115 votes at or before the last revision are quenched: listed under quenched_by_revision, not counted")
    void votesBeforeARevisionAreQuenched() {
        Round round = new Round(1, "frontend", List.of("backend"), Optional.empty(), T2);

        Tally stale = Tally.of(round, List.of(vote("backend", Decision.AGREE, T2)));
        Tally fresh = Tally.of(round, List.of(vote("backend", Decision.AGREE, T3)));

        assertThat(stale.agreed()).isZero();
        assertThat(stale.toWire()).containsEntry("quenched_by_revision", Map.of("backend", "agree"));
        assertThat(stale.decisions()).isEmpty();
        assertThat(fresh.agreed()).isEqualTo(1);
        assertThat(fresh.toWire()).doesNotContainKey("quenched_by_revision");
    }

    @Test
    @DisplayName(
            "3C.114 a void from the electorate after the last revision closes the round and never counts as agreed")
    void anElectorateVoidClosesTheRound() {
        Round round = new Round(1, "frontend", List.of("backend", "infra"), Optional.empty(), T1);

        Tally tally = Tally.of(round, List.of(vote("backend", Decision.VOID, T2), vote("infra", Decision.AGREE, T2)));

        assertThat(tally.isClosed()).isTrue();
        assertThat(tally.declaredDeadBy()).containsExactly("backend");
        assertThat(tally.agreed()).isEqualTo(1);
        assertThat(tally.missing()).containsExactly("backend");
    }

    @Test
    void aVoidFromOutsideTheElectorateOrBeforeTheRevisionClosesNothing() {
        Round round = new Round(1, "frontend", List.of("backend"), Optional.empty(), T2);

        Tally tally = Tally.of(round, List.of(vote("infra", Decision.VOID, T3), vote("backend", Decision.VOID, T1)));

        assertThat(tally.isClosed()).isFalse();
        assertThat(tally.toWire()).doesNotContainKey("declared_dead_by");
    }

    @Test
    void consentNeedsTheDeclaredVotersElseTheHostedRosterElseAnyOtherRole() {
        Round declared = new Round(1, "a", List.of("b", "c"), Optional.of(List.of("a", "b")), null);
        Round undeclared = new Round(2, "a", List.of("b"), Optional.empty(), null);

        assertThat(Electorate.requiredForConsent(declared, Optional.of(Set.of("a", "b", "c"))))
                .contains(Set.of("b"));
        assertThat(Electorate.requiredForConsent(undeclared, Optional.of(Set.of("a", "b", "c"))))
                .contains(Set.of("b", "c"));
        assertThat(Electorate.requiredForConsent(undeclared, Optional.empty())).isEmpty();
        assertThat(Electorate.requiredForConsent(declared, Optional.empty())).contains(Set.of("b"));
    }

    @Test
    @DisplayName("3C.111 decisions are exactly agree, reject, needs_changes and void")
    void onlyTheFourDecisionsParse() {
        assertThat(Decision.parse("needs_changes")).contains(Decision.NEEDS_CHANGES);
        assertThat(Decision.parse("maybe")).isEmpty();
        assertThat(Decision.parse("AGREE")).isEmpty();
        assertThat(Decision.WIRE_NAMES).containsExactly("agree", "reject", "needs_changes", "void");
    }

    private static Vote vote(String role, Decision decision, String at) {
        return new Vote(role, decision, null, at);
    }
}
