package dev.switchboard.plugin.mailbox.hosted.application;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;

import org.junit.jupiter.api.Test;

class UseThrottleTest {

    private static final Instant START = Instant.parse("2026-01-01T00:00:00Z");

    @Test
    void aKeyIsDueAtFirstUseThenOncePerInterval() {
        UseThrottle<String> throttle = new UseThrottle<>(Duration.ofMinutes(1));

        assertThat(throttle.claim("a", START)).isTrue();
        assertThat(throttle.claim("a", START.plusSeconds(59))).isFalse();
        assertThat(throttle.claim("b", START.plusSeconds(59))).isTrue();
        assertThat(throttle.claim("a", START.plusSeconds(60))).isTrue();
    }

    @Test
    void aReleasedClaimMakesTheNextUseDue() {
        UseThrottle<String> throttle = new UseThrottle<>(Duration.ofMinutes(1));
        throttle.claim("a", START);

        throttle.release("a", START);

        assertThat(throttle.claim("a", START.plusSeconds(1))).isTrue();
    }

    @Test
    void pastTheBoundTheKeysWhoseIntervalPassedAreForgotten() {
        UseThrottle<Integer> throttle = new UseThrottle<>(Duration.ofMinutes(1));
        for (int key = 0; key <= UseThrottle.PRUNE_ABOVE; key++) {
            throttle.claim(key, START);
        }
        throttle.claim(-1, START.plusSeconds(30));
        assertThat(throttle.remembered()).isEqualTo(UseThrottle.PRUNE_ABOVE + 2);

        throttle.claim(-2, START.plusSeconds(60));

        assertThat(throttle.remembered()).isEqualTo(2);
        assertThat(throttle.claim(-1, START.plusSeconds(61))).isFalse();
    }
}
