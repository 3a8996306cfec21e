package dev.switchboard.plugin.mailbox.hook.domain;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;

class StopDecisionTest {

    private static RoleCounts counts(int unread, int needsYou) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        counts.put("unread", unread);
        counts.put("open_obligations_untaken", 0);
        counts.put("needs_you", needsYou);
        return new RoleCounts("local", "backend", counts);
    }

    @Test
    void nothingActionablePassesAndClearsTheSnapshot() {
        StopDecision.Verdict verdict = StopDecision.decide(
                true, Optional.of(counts(0, 0)), Optional.of(new HookSnapshot(Map.of("unread", 1), 1)));

        assertThat(verdict.block()).isEmpty();
        assertThat(verdict.snapshot()).isEmpty();
    }

    @Test
    void aFirstAttemptWithPendingItemsBlocksNamingTheNonZeroCounters() {
        StopDecision.Verdict verdict = StopDecision.decide(false, Optional.of(counts(1, 2)), Optional.empty());

        assertThat(verdict.block())
                .hasValueSatisfying(reason -> assertThat(reason)
                        .startsWith("channel has pending items for 'backend': unread=1,needs_you=2. ")
                        .contains("channel_status"));
        assertThat(verdict.snapshot()).contains(new HookSnapshot(counts(1, 2).counts(), 1));
    }

    @Test
    void aRetryWithUnchangedCountsPassesAndKeepsTheSnapshot() {
        HookSnapshot last = new HookSnapshot(counts(1, 0).counts(), 1);

        StopDecision.Verdict verdict = StopDecision.decide(true, Optional.of(counts(1, 0)), Optional.of(last));

        assertThat(verdict.block()).isEmpty();
        assertThat(verdict.snapshot()).contains(last);
    }

    @Test
    void aRetryAfterACounterGrewBlocksAgainUpToThreeBlocksPerChain() {
        HookSnapshot first = new HookSnapshot(counts(1, 0).counts(), 1);
        StopDecision.Verdict second = StopDecision.decide(true, Optional.of(counts(2, 0)), Optional.of(first));
        assertThat(second.block()).isPresent();
        assertThat(second.snapshot().orElseThrow().blocks()).isEqualTo(2);

        StopDecision.Verdict third = StopDecision.decide(true, Optional.of(counts(2, 1)), second.snapshot());
        assertThat(third.block()).isPresent();
        assertThat(third.snapshot().orElseThrow().blocks()).isEqualTo(3);

        StopDecision.Verdict fourth = StopDecision.decide(true, Optional.of(counts(5, 1)), third.snapshot());
        assertThat(fourth.block())
                .as("a fourth block in one chain never happens")
                .isEmpty();
    }

    @Test
    void aCounterThatFellWhileAnotherStayedDoesNotBlockTheRetry() {
        HookSnapshot last = new HookSnapshot(counts(2, 1).counts(), 1);

        assertThat(StopDecision.decide(true, Optional.of(counts(1, 1)), Optional.of(last))
                        .block())
                .isEmpty();
    }

    @Test
    void anUnknownRoleBlocksTheFirstAttemptWithAReminderAndPassesTheRetry() {
        assertThat(StopDecision.decide(false, Optional.empty(), Optional.empty())
                        .block())
                .contains(StopDecision.UNKNOWN_ROLE_REMINDER);
        assertThat(StopDecision.decide(true, Optional.empty(), Optional.empty()).block())
                .isEmpty();
    }

    @Test
    void aLaterChainWithTheSameUnchangedCountsPassesAndKeepsTheReminder() {
        HookSnapshot reminded = new HookSnapshot(counts(1, 2).counts(), 2);

        StopDecision.Verdict verdict = StopDecision.decide(false, Optional.of(counts(1, 2)), Optional.of(reminded));

        assertThat(verdict.block())
                .as("the same set of pending items is never reminded of twice")
                .isEmpty();
        assertThat(verdict.snapshot()).contains(reminded);
    }

    @Test
    void aDrainResetsTheBudgetSoTheSmallerSetIsRemindedOfOnceAndThenNotAgain() {
        HookSnapshot reminded = new HookSnapshot(counts(2, 1).counts(), 1);

        StopDecision.Verdict drained = StopDecision.decide(false, Optional.of(counts(1, 1)), Optional.of(reminded));
        assertThat(drained.block())
                .hasValueSatisfying(reason -> assertThat(reason).contains("unread=1,needs_you=1"));
        assertThat(drained.snapshot()).contains(new HookSnapshot(counts(1, 1).counts(), 1));

        assertThat(StopDecision.decide(false, Optional.of(counts(1, 1)), drained.snapshot())
                        .block())
                .isEmpty();
    }

    @Test
    void aLaterChainAfterACounterGrewBlocksAsAFirstAttempt() {
        HookSnapshot reminded = new HookSnapshot(counts(1, 0).counts(), 3);

        StopDecision.Verdict verdict = StopDecision.decide(false, Optional.of(counts(2, 0)), Optional.of(reminded));

        assertThat(verdict.block()).isPresent();
        assertThat(verdict.snapshot().orElseThrow().blocks()).isEqualTo(1);
    }

    @Test
    void aReminderWithoutZeroCountersIsTheSameSetAsCountsWithThem() {
        HookSnapshot fromAWake = new HookSnapshot(Map.of("unread", 1), 1);

        assertThat(StopDecision.decide(false, Optional.of(counts(1, 0)), Optional.of(fromAWake))
                        .block())
                .as("/status sends only the non-zero counters")
                .isEmpty();
    }
}
