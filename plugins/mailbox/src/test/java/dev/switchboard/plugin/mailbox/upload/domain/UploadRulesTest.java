package dev.switchboard.plugin.mailbox.upload.domain;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import dev.switchboard.plugin.mailbox.channel.domain.Digest;

class UploadRulesTest {

    private static final String T = "2026-12-01T10:00:00.000Z";

    @Test
    @DisplayName(
            "3C.122 a digest is sha256 over the raw UTF-8: 'ротация' is 7 chars and 14 bytes, a trailing newline changes it")
    void digestCountsBytesAndCodePointsWithoutNormalising() {
        Digest digest = Digest.of("ротация");

        assertThat(digest.chars()).isEqualTo(7);
        assertThat(digest.bytes()).isEqualTo(14);
        assertThat(Digest.of("ротация\n").sha256()).isNotEqualTo(digest.sha256());
        assertThat(Digest.of("").sha256())
                .isEqualTo("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
        assertThat(Digest.of("😀").chars()).isEqualTo(1);
    }

    @Test
    void theCountedUtf8LengthEqualsTheEncodedLength() {
        for (String text : new String[] {"", "a", "é", "ротация", "€", "😀x"}) {
            assertThat(Upload.utf8Bytes(text)).as(text).isEqualTo(text.getBytes(StandardCharsets.UTF_8).length);
        }
    }

    @Test
    @DisplayName("3C.124 only the owner appends, never to a sealed upload, never past 8,388,608 bytes")
    void appendsAreRefusedForOthersSealedUploadsAndOverTheCap() {
        Upload upload = new Upload(1, "frontend", null, "abc", false, T, null);

        assertThat(upload.appendProblem("backend", "d")).contains(Upload.Problem.NOT_OWNER);
        assertThat(upload.appendProblem("frontend", "d")).isEmpty();
        assertThat(upload.appended("d").body()).isEqualTo("abcd");
        assertThat(upload.seal(T).appendProblem("frontend", "d")).contains(Upload.Problem.SEALED);

        String fill = "x".repeat((int) Upload.MAX_BYTES - 3);
        assertThat(upload.appendProblem("frontend", fill)).isEmpty();
        assertThat(upload.appendProblem("frontend", fill + "é")).contains(Upload.Problem.TOO_LARGE);
        assertThat(Upload.fits(8_388_608)).isTrue();
        assertThat(Upload.fits(8_388_609)).isFalse();
    }

    @Test
    @DisplayName("3C.124 sealing twice keeps the first seal and its digest")
    void sealingTwiceIsHarmless() {
        Upload sealed = new Upload(1, "frontend", "spec", "abc", false, T, null).seal(T);

        Upload again = sealed.seal("2026-12-01T11:00:00.000Z");

        assertThat(again).isEqualTo(sealed);
        assertThat(again.digest()).isEqualTo(Digest.of("abc"));
    }
}
