package dev.switchboard.plugin.mailbox.work.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class DebtAgeTest {

    @Test
    void wholeDaysRoundedDownAndNeverNegative() {
        assertThat(DebtAge.days("2026-12-01T09:00:00.000Z", "2026-12-02T08:59:59.999Z"))
                .isZero();
        assertThat(DebtAge.days("2026-12-01T09:00:00.000Z", "2026-12-02T09:00:00.000Z"))
                .isEqualTo(1);
        assertThat(DebtAge.days("2026-01-01T00:00:00.000Z", "2026-12-01T00:00:00.000Z"))
                .isEqualTo(334);
        assertThat(DebtAge.days("2026-12-03T00:00:00.000Z", "2026-12-01T00:00:00.000Z"))
                .isZero();
    }

    @Test
    @DisplayName("3C.108 idle_days counts from the last movement, age_days from creation")
    void idleCountsFromTheLastMovement() {
        WorkFacts moved = Tasks.debt().movedAt("2026-12-08T09:00:00.000Z").build();
        WorkFacts untouched = Tasks.debt().build();
        String now = "2026-12-11T10:00:00.000Z";

        assertThat(DebtAge.ageDays(moved, now)).isEqualTo(10);
        assertThat(DebtAge.idleDays(moved, now)).isEqualTo(3);
        assertThat(DebtAge.idleDays(untouched, now)).isEqualTo(10);
    }

    @Test
    void aMalformedInstantIsADefect() {
        assertThatThrownBy(() -> DebtAge.days("yesterday", "2026-12-01T00:00:00.000Z"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("yesterday");
    }
}
