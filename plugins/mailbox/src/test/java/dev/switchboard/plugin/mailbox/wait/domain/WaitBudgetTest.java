package dev.switchboard.plugin.mailbox.wait.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class WaitBudgetTest {

    @Test
    @DisplayName("3C.125 timeout_s -1 or 3601 is refused, naming the field and its bounds")
    void timeoutBounds() {
        assertThatThrownBy(() -> new WaitBudget(-1, 1.0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("timeout_s")
                .hasMessageContaining("0 and 3600");
        assertThatThrownBy(() -> new WaitBudget(3601, 1.0)).hasMessageContaining("timeout_s");
        assertThat(new WaitBudget(0, 1.0).effectiveS()).isZero();
    }

    @Test
    @DisplayName("3C.125 poll_interval_s 0.05 or 61 is refused, naming the field and its bounds")
    void pollBounds() {
        assertThatThrownBy(() -> new WaitBudget(10, 0.05))
                .hasMessageContaining("poll_interval_s")
                .hasMessageContaining("0.1 and 60");
        assertThatThrownBy(() -> new WaitBudget(10, 61)).hasMessageContaining("poll_interval_s");
        assertThatThrownBy(() -> new WaitBudget(10, Double.NaN)).hasMessageContaining("poll_interval_s");
        assertThat(new WaitBudget(10, 0.1).pollInterval()).isEqualTo(Duration.ofMillis(100));
        assertThat(new WaitBudget(10, 60).pollInterval()).isEqualTo(Duration.ofSeconds(60));
    }

    @Test
    @DisplayName("3C.125 timeout_s=3600 waits at most 50 s")
    void theEffectiveCap() {
        assertThat(new WaitBudget(3600, 1.0).effective()).isEqualTo(Duration.ofSeconds(50));
        assertThat(new WaitBudget(7, 1.0).effective()).isEqualTo(Duration.ofSeconds(7));
    }

    @Test
    void aViolationNamesTheFieldAndTheBounds() {
        assertThat(WaitBudget.violation(3601, 1.0))
                .contains(new WaitBudget.Violation("timeout_s", "must be between 0 and 3600 seconds, got 3601"));
        assertThat(WaitBudget.violation(10, 61))
                .hasValueSatisfying(wrong -> assertThat(wrong.field()).isEqualTo("poll_interval_s"));
        assertThat(WaitBudget.violation(50, 2.0)).isEmpty();
    }
}
