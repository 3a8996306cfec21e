package dev.switchboard.plugin.mailbox.cleanup.domain;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class BackfillTest {

    private static final String BEFORE = "2026-12-01T09:00:00.000Z";
    private static final String PINNED = "2026-12-01T10:00:00.000Z";
    private static final String AFTER = "2026-12-01T11:00:00.000Z";
    private static final PinHead GLOSSARY = new PinHead("glossary", "2", PINNED, "frontend");
    private static final PinHead CHARTER = new PinHead("team-charter", "1", PINNED, "backend");

    @Test
    @DisplayName("only proposals raised before the pin's current version are key candidates; after it they are live")
    void onlyProposalsOlderThanTheCurrentVersionQualify() {
        Summary old = proc(1, BEFORE, "glossary", "t", "b");
        Summary live = proc(2, AFTER, "glossary", "t", "b");

        List<Candidate> candidates = Backfill.candidates(List.of(old, live), Map.of(), List.of(GLOSSARY), Set.of());

        assertThat(candidates).extracting(c -> c.message().id()).containsExactly(1L);
        assertThat(candidates.getFirst().matchKind()).isEqualTo(Candidate.MatchKind.KEY);
        assertThat(candidates.getFirst().claims().getFirst().matchedBy()).isEqualTo("pin_key");
    }

    @Test
    @DisplayName("pin approval records are never candidates")
    void approvalRecordsAreNeverCandidates() {
        Summary approval = proc(1, BEFORE, "glossary", "t", "b");

        assertThat(Backfill.candidates(List.of(approval), Map.of(), List.of(GLOSSARY), Set.of(1L)))
                .isEmpty();
    }

    @Test
    @DisplayName("a text claim names every key it mentions, so a multi-claimed message needs every key in the pass")
    void aMessageMentioningTwoKeysIsClaimedByBoth() {
        Summary both = proc(1, BEFORE, null, "glossary and team-charter", "b");
        List<Candidate> all = Backfill.candidates(List.of(both), Map.of(), List.of(GLOSSARY, CHARTER), Set.of());

        assertThat(all.getFirst().claimedBy()).containsExactly("glossary", "team-charter");
        List<Candidate> pass = Backfill.filter(all, Set.of("glossary"), false);
        Apply apply = new Apply(List.of(1L), 1, Set.of("glossary"), all, pass, Map.of(), Map.of(), null);

        assertThat(Backfill.applyProblem(apply))
                .hasValueSatisfying(
                        p -> assertThat(p).contains("claimed by [glossary, team-charter]", "missing: [team-charter]"));
    }

    @Test
    @DisplayName("nudges about dead messages are target rows; '#N' mentions are reference rows applied only on request")
    void targetsAndReferencesAreClassified() {
        Summary nudge = new Summary(3, "a", List.of("b"), "ping", "b", AFTER, "question", null, 9L);
        Summary mention = proc(4, AFTER, null, "see #9", "b");

        List<Candidate> all = Backfill.candidates(List.of(nudge, mention), Map.of(9L, "deleted"), List.of(), Set.of());

        assertThat(all)
                .extracting(Candidate::matchKind)
                .containsExactly(Candidate.MatchKind.TARGET, Candidate.MatchKind.REFERENCE);
        assertThat(Backfill.filter(all, Set.of(), false))
                .extracting(c -> c.message().id())
                .containsExactly(3L);
        assertThat(Backfill.filter(all, Set.of("glossary"), true)).hasSize(2);
    }

    @Test
    @DisplayName("applying needs ids and an expect_count equal to their number")
    void expectCountMustMatch() {
        Apply noIds = new Apply(List.of(), 0, Set.of("glossary"), List.of(), List.of(), Map.of(), Map.of(), null);
        Apply mismatch =
                new Apply(List.of(1L, 2L), 3, Set.of("glossary"), List.of(), List.of(), Map.of(), Map.of(), null);

        assertThat(Backfill.applyProblem(noIds))
                .hasValueSatisfying(p -> assertThat(p).contains("'ids' is required"));
        assertThat(Backfill.applyProblem(mismatch))
                .hasValueSatisfying(p -> assertThat(p).contains("'expect_count' is 3 but 'ids' names 2"));
    }

    @Test
    @DisplayName("an id claimed by a key the pass does not name is refused")
    void anotherKeysRoundIsRefused() {
        Summary charterRound = proc(1, BEFORE, "team-charter", "t", "b");
        List<Candidate> all = Backfill.candidates(List.of(charterRound), Map.of(), List.of(CHARTER), Set.of());
        Apply apply = new Apply(
                List.of(1L),
                1,
                Set.of("glossary"),
                all,
                Backfill.filter(all, Set.of("glossary"), false),
                Map.of(),
                Map.of(),
                null);

        assertThat(Backfill.applyProblem(apply))
                .hasValueSatisfying(p -> assertThat(p).contains("not claimed by the key(s) this pass names"));
    }

    @Test
    @DisplayName("unknown ids are told apart: never candidates, retired since the snapshot, approval records")
    void unknownIdsAreExplained() {
        Apply apply = new Apply(
                List.of(5L, 6L, 7L),
                3,
                Set.of("glossary"),
                List.of(),
                List.of(),
                Map.of(7L, "glossary"),
                Map.of(6L, new Apply.Retired(AFTER, "retired by backend at " + AFTER)),
                PINNED);

        assertThat(Backfill.applyProblem(apply))
                .hasValueSatisfying(p -> assertThat(p)
                        .contains(
                                "never were candidates: [5]",
                                "retired after your snapshot: [6 (retired by backend",
                                "approval record of pin 'glossary'"));
    }

    @Test
    void aPassOverItsOwnCandidatesIsAccepted() {
        Summary old = proc(1, BEFORE, "glossary", "t", "b");
        List<Candidate> all = Backfill.candidates(List.of(old), Map.of(), List.of(GLOSSARY), Set.of());
        Apply apply = new Apply(
                List.of(1L),
                1,
                Set.of("glossary"),
                all,
                Backfill.filter(all, Set.of("glossary"), false),
                Map.of(),
                Map.of(),
                null);

        assertThat(Backfill.applyProblem(apply)).isEmpty();
    }

    private static Summary proc(long id, String at, String key, String topic, String body) {
        return new Summary(id, "frontend", List.of("backend"), topic, body, at, "proc", key, null);
    }
}
