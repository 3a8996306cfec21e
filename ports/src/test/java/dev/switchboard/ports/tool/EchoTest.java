package dev.switchboard.ports.tool;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class EchoTest {

    @Test
    void shortTextIsRepeatedWhole() {
        assertThat(Echo.of("frontend")).isEqualTo("frontend");
        assertThat(Echo.of("x".repeat(64))).isEqualTo("x".repeat(64));
        assertThat(Echo.quoted("a b")).isEqualTo("'a b'");
        assertThat(Echo.of(null)).isEqualTo("null");
    }

    @Test
    void overlongTextIsCutAfterSixtyFourCodePointsWithAnEllipsis() {
        assertThat(Echo.of("y".repeat(100_000))).isEqualTo("y".repeat(64) + "...");
        assertThat(Echo.quoted("z".repeat(65))).isEqualTo("'" + "z".repeat(64) + "...'");
    }

    @Test
    void theCutNeverSplitsASurrogatePair() {
        String emoji = "\uD83D\uDE00"; // one code point, two chars

        String echoed = Echo.of(emoji.repeat(70));

        assertThat(echoed).isEqualTo(emoji.repeat(64) + "...");
    }
}
