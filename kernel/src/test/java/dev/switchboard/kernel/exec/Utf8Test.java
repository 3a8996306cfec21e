package dev.switchboard.kernel.exec;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import org.junit.jupiter.api.Test;

class Utf8Test {

    private static final byte[] EMOJI = "x😀".getBytes(StandardCharsets.UTF_8);

    @Test
    void dropsEveryIncompleteTailOfAFourByteCharacterWhenCut() {
        for (int length = 2; length < EMOJI.length; length++) {
            assertThat(Utf8.decode(Arrays.copyOf(EMOJI, length), true)).isEqualTo("x");
        }
    }

    @Test
    void keepsACompleteLastCharacterWhenCut() {
        assertThat(Utf8.decode(EMOJI, true)).isEqualTo("x😀");
    }

    @Test
    void replacesMalformedBytesInsteadOfDroppingThemWhenNotCut() {
        assertThat(Utf8.decode(Arrays.copyOf(EMOJI, 3), false)).isEqualTo("x\uFFFD");
    }

    @Test
    void handlesEmptyAndContinuationOnlyInput() {
        assertThat(Utf8.decode(new byte[0], true)).isEmpty();
        assertThat(Utf8.decode(new byte[] {(byte) 0x80, (byte) 0x80}, true)).isEqualTo("\uFFFD\uFFFD");
    }
}
