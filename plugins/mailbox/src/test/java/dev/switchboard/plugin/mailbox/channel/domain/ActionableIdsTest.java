package dev.switchboard.plugin.mailbox.channel.domain;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class ActionableIdsTest {

    @Test
    @DisplayName("§1C.6 the actionable set is exactly the original's seven counters")
    void theActionableSet() {
        assertThat(ActionableCounter.WIRE_NAMES)
                .containsExactly(
                        "unread",
                        "open_obligations_untaken",
                        "awaiting_ack",
                        "unblocked",
                        "needs_you",
                        "awaiting_done",
                        "resolved_for_you");
    }

    @Test
    void nonZeroCountsKeepTheOriginalsOrderAndEmptyCountersAreLeftOut() {
        ActionableIds ids = new ActionableIds(Map.of(
                ActionableCounter.RESOLVED_FOR_YOU, Set.of(9L),
                ActionableCounter.UNREAD, Set.of(1L, 2L),
                ActionableCounter.NEEDS_YOU, Set.of()));

        assertThat(ids.nonZeroCounts()).containsExactly(Map.entry("unread", 2), Map.entry("resolved_for_you", 1));
        assertThat(ids.of(ActionableCounter.AWAITING_ACK)).isEmpty();
        assertThat(ids.isEmpty()).isFalse();
        assertThat(ActionableIds.NONE.isEmpty()).isTrue();
    }
}
