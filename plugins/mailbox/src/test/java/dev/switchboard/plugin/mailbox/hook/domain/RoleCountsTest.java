package dev.switchboard.plugin.mailbox.hook.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;

/** Another feature's counters after the mailbox's (ADR 28), and the stop reason naming them with their hints. */
class RoleCountsTest {

    private static RoleCounts clear() {
        Map<String, Integer> counts = new LinkedHashMap<>();
        counts.put("unread", 0);
        counts.put("needs_you", 0);
        return new RoleCounts("local", "backend", counts);
    }

    @Test
    void anotherFeaturesCounterFollowsTheMailboxCountersAndIsActionable() {
        RoleCounts counts = clear().plus("handoffs_pending", 2, "call frontispice_list_updates.");

        assertThat(counts.counts().keySet()).containsExactly("unread", "needs_you", "handoffs_pending");
        assertThat(counts.isActionable()).isTrue();
        assertThat(counts.pendingText()).isEqualTo("handoffs_pending=2");
        assertThat(counts.hintsText()).isEqualTo(" call frontispice_list_updates.");
    }

    @Test
    void aZeroCounterIsCountedWithoutItsHint() {
        RoleCounts counts = clear().plus("handoffs_pending", 0, "call frontispice_list_updates.");

        assertThat(counts.counts()).containsEntry("handoffs_pending", 0);
        assertThat(counts.isActionable()).isFalse();
        assertThat(counts.hintsText()).isEmpty();
    }

    @Test
    void aNameAlreadyCountedOrANegativeCountIsRefused() {
        assertThatThrownBy(() -> clear().plus("unread", 1, "twice"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("unread is counted twice");
        assertThatThrownBy(() -> clear().plus("handoffs_pending", -1, "x"))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theStopReasonNamesTheCounterAndEndsWithItsHint() {
        RoleCounts counts = clear().plus("handoffs_pending", 1, "For handoffs_pending, call frontispice_list_updates.");

        String reason = StopDecision.decide(false, Optional.of(counts), Optional.empty())
                .block()
                .orElseThrow();

        assertThat(reason)
                .startsWith("channel has pending items for 'backend': handoffs_pending=1. ")
                .endsWith(StopDecision.INSTRUCTION + " For handoffs_pending, call frontispice_list_updates.");
    }

    @Test
    void theWireFormLeavesTheHintsOut() {
        assertThat(clear().plus("handoffs_pending", 1, "hint").toWire()).doesNotContainKey("hints");
    }
}
