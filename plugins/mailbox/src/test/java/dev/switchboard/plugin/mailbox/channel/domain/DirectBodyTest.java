package dev.switchboard.plugin.mailbox.channel.domain;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import dev.switchboard.ports.tool.ErrorCode;

class DirectBodyTest {

    @Test
    @DisplayName("UTF-8 length: 1 byte for ASCII, 2 for Latin accents, 3 for CJK, 4 for a surrogate pair")
    void countsUtf8BytesWithoutEncoding() {
        String text = "a" + "é" + "中" + "😀";
        assertThat(DirectBody.utf8Bytes(text)).isEqualTo(text.getBytes(java.nio.charset.StandardCharsets.UTF_8).length);
        assertThat(DirectBody.utf8Bytes("a")).isEqualTo(1);
        assertThat(DirectBody.utf8Bytes("é")).isEqualTo(2);
        assertThat(DirectBody.utf8Bytes("中")).isEqualTo(3);
        assertThat(DirectBody.utf8Bytes("😀")).isEqualTo(4);
    }

    @Test
    @DisplayName("a body at the limit passes; one byte over is refused naming body, its size and the limit")
    void refusesOnlyPastTheLimit() {
        assertThat(DirectBody.problem("x".repeat(MailboxLimits.BODY_BYTES))).isEmpty();
        assertThat(DirectBody.problem("x".repeat(MailboxLimits.BODY_BYTES + 1))).hasValueSatisfying(problem -> {
            assertThat(problem.code()).isEqualTo(ErrorCode.INVALID_ARGUMENTS);
            assertThat(problem.details()).containsEntry("field", "body");
            assertThat(problem.message()).contains("8388609 bytes", "8388608 bytes");
        });
    }
}
