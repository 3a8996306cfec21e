package dev.switchboard.plugin.mailbox.hook.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;

import org.junit.jupiter.api.Test;

class RetryDelayTest {

    @Test
    void theDelayDoublesPerFailureUpTo300SecondsAndIsTheIntervalAgainOnceAnswered() {
        RetryDelay delay = new RetryDelay(Duration.ofSeconds(30));
        assertThat(delay.next()).isEqualTo(Duration.ofSeconds(30));

        delay.failed();
        assertThat(delay.next()).isEqualTo(Duration.ofSeconds(60));
        for (int i = 0; i < 10; i++) {
            delay.failed();
        }
        assertThat(delay.next()).isEqualTo(RetryDelay.MAX_BACKOFF);

        delay.answered();
        assertThat(delay.next()).isEqualTo(Duration.ofSeconds(30));
    }

    @Test
    void aLongPollHeldAtLeastASecondIsAskedAgainAtOnce() {
        RetryDelay delay = new RetryDelay(Duration.ofSeconds(30));

        assertThat(delay.after(Duration.ofSeconds(1))).isZero();
        assertThat(delay.after(Duration.ofMillis(999))).isEqualTo(Duration.ofSeconds(30));
    }

    @Test
    void anIntervalUnderASecondIsRefused() {
        assertThatThrownBy(() -> new RetryDelay(Duration.ofMillis(500)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("at least 1 second");
    }
}
