package dev.switchboard.attach;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

/** Lines of any length, and the buffer's return to its initial size after a long one. */
class LineReaderTest {

    @Test
    void aFortyMegabyteLineIsReadWholeAndItsBufferReleasedAfterwards() throws IOException {
        byte[] big = "x".repeat(40_000_000).getBytes(StandardCharsets.US_ASCII);
        byte[] input = new byte[big.length + 8];
        System.arraycopy(big, 0, input, 0, big.length);
        System.arraycopy("\nshort\n".getBytes(StandardCharsets.US_ASCII), 0, input, big.length, 7);
        LineReader reader = new LineReader(new ByteArrayInputStream(input, 0, big.length + 7));

        assertThat(reader.next()).isTrue();
        assertThat(reader.length()).isEqualTo(big.length);
        assertThat(reader.buffer()[reader.offset() + big.length - 1]).isEqualTo((byte) 'x');
        assertThat(reader.next()).isTrue();
        assertThat(new String(reader.buffer(), reader.offset(), reader.length(), StandardCharsets.US_ASCII))
                .isEqualTo("short");
        assertThat(reader.next()).isFalse();
        assertThat(reader.buffer()).hasSize(64 * 1024);
    }
}
