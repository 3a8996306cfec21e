package dev.switchboard.plugin.mailbox.work.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class WorkTrailTest {

    @Test
    @DisplayName("an untouched debt is untaken")
    void untouchedIsUntaken() {
        assertThat(WorkTrail.EMPTY.isTakenBy("backend")).isFalse();
    }

    @Test
    @DisplayName("a debt is taken when the assignee made the last transition, whatever its value")
    void theAssigneesLastMoveTakesIt() {
        Mark backend = new Mark("backend", 4);

        assertThat(new WorkTrail(backend, backend, 0, 0, 0).isTakenBy("backend"))
                .isTrue();
        assertThat(new WorkTrail(backend, backend, 0, 0, 0).isTakenBy("frontend"))
                .isFalse();
    }

    @Test
    @DisplayName("a debt the partner moved last is untaken again")
    void thePartnersMoveGivesItBack() {
        Mark frontend = new Mark("frontend", 6);

        assertThat(new WorkTrail(frontend, frontend, 0, 0, 0).isTakenBy("backend"))
                .isFalse();
    }

    @Test
    @DisplayName("a reopen after the assignee's last move makes the debt untaken")
    void aReopenResetsTakenness() {
        Mark backend = new Mark("backend", 4);

        assertThat(new WorkTrail(backend, backend, 5, 0, 0).isTakenBy("backend"))
                .isFalse();
        assertThat(new WorkTrail(backend, backend, 3, 0, 0).isTakenBy("backend"))
                .isTrue();
    }

    @Test
    void theSetterOfAValueNoEventExplainsIsTheSender() {
        assertThat(WorkTrail.EMPTY.setterOfCurrent("frontend")).isEqualTo("frontend");
        assertThat(new WorkTrail(new Mark("backend", 2), new Mark("backend", 2), 0, 0, 0).setterOfCurrent("frontend"))
                .isEqualTo("backend");
    }

    @Test
    void aResolutionIsConfirmedOnlyByALaterConfirm() {
        assertThat(new WorkTrail(null, null, 0, 5, 0).resolutionConfirmed()).isFalse();
        assertThat(new WorkTrail(null, null, 0, 5, 6).resolutionConfirmed()).isTrue();
        assertThat(new WorkTrail(null, null, 0, 8, 6).resolutionConfirmed()).isFalse();
    }

    @Test
    void positionsAreNeverNegative() {
        assertThatThrownBy(() -> new WorkTrail(null, null, -1, 0, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Mark("backend", 0)).isInstanceOf(IllegalArgumentException.class);
    }
}
