package dev.switchboard.plugin.mailbox.hook.domain;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;

class WakeStateTest {

    private static final Duration INTERVAL = Duration.ofSeconds(10);

    private static RoleCounts counts(int unread, int needsYou) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        counts.put("unread", unread);
        counts.put("needs_you", needsYou);
        return new RoleCounts("local", "backend", counts);
    }

    @Test
    void whatIsPendingWhenTheSessionGoesIdleIsTheBaselineAndNeverWakes() {
        WakeState state = new WakeState(INTERVAL);

        assertThat(state.observed(counts(2, 1), Optional.empty())).isEmpty();
        assertThat(state.observed(counts(2, 1), Optional.empty()))
                .as("the same counters again")
                .isEmpty();
    }

    @Test
    void aCounterGrowingAboveTheBaselineWakesNamingTheNonZeroCounters() {
        WakeState state = new WakeState(INTERVAL);
        state.observed(counts(0, 1), Optional.empty());

        assertThat(state.observed(counts(1, 1), Optional.empty()))
                .hasValueSatisfying(reason -> assertThat(reason)
                        .startsWith("channel has new items for 'backend': unread=1,needs_you=1. ")
                        .contains("channel_status"));
    }

    @Test
    void aDrainLowersTheBaselineSoANewItemReachingTheOldLevelWakes() {
        WakeState state = new WakeState(INTERVAL);
        state.observed(counts(2, 0), Optional.empty());

        assertThat(state.observed(counts(0, 0), Optional.empty()))
                .as("items read: a drain")
                .isEmpty();
        assertThat(state.observed(counts(1, 0), Optional.empty()))
                .as("a new item after the drain")
                .isPresent();
    }

    @Test
    void countersTheStopHookAlreadyBlockedOnDoNotWakeAgainButMoreDo() {
        WakeState state = new WakeState(INTERVAL);
        state.observed(counts(0, 0), Optional.empty());
        HookSnapshot blocked = new HookSnapshot(counts(1, 0).counts(), 1);

        assertThat(state.observed(counts(1, 0), Optional.of(blocked)))
                .as("the stop hook reminded of unread=1 already")
                .isEmpty();
        assertThat(state.observed(counts(2, 0), Optional.of(blocked))).isPresent();
    }

    @Test
    void aFailureNeverWakesAndBacksOffFromTheIntervalUntilTheSourceAnswersAgain() {
        WakeState state = new WakeState(INTERVAL);
        state.observed(counts(0, 0), Optional.empty());

        state.failed();
        assertThat(state.nextDelay(Duration.ZERO)).isEqualTo(Duration.ofSeconds(20));
        state.failed();
        assertThat(state.nextDelay(Duration.ofSeconds(50)))
                .as("no immediate re-ask during an outage")
                .isEqualTo(Duration.ofSeconds(40));
        assertThat(state.observed(counts(0, 0), Optional.empty())).isEmpty();
        assertThat(state.nextDelay(Duration.ZERO)).isEqualTo(INTERVAL);
    }

    @Test
    void aLongPollHeldWithoutNewsIsAskedAgainAtOnceAndAQuickAnswerAfterTheInterval() {
        WakeState state = new WakeState(INTERVAL);
        state.observed(counts(1, 0), Optional.empty());

        assertThat(state.nextDelay(Duration.ofSeconds(50))).isZero();
        assertThat(state.nextDelay(Duration.ofMillis(30)))
                .as("answered at once, as /status does while something stays pending")
                .isEqualTo(INTERVAL);
    }

    @Test
    void aWakeLeavesTheCountersAsTheLastReminder() {
        assertThat(WakeState.reminderOf(counts(3, 0)))
                .isEqualTo(new HookSnapshot(counts(3, 0).counts(), 1));
    }
}
