package dev.switchboard.plugin.handoff.domain;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

class ChecksumAndFingerprintTest {

    @Test
    void theChecksumOfEmptyContentIsTheWellKnownSha256() {
        assertThat(Checksum.of("").value())
                .isEqualTo("sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    }

    @Test
    void clientChecksumsParseWithOrWithoutPrefixInEitherCase() {
        Checksum stored = Checksum.of("x");
        String hex = stored.value().substring("sha256:".length());

        assertThat(Checksum.parse(hex.toUpperCase())).contains(stored);
        assertThat(Checksum.parse("SHA256:" + hex)).contains(stored);
        assertThat(Checksum.parse("md5:abc")).isEmpty();
    }

    @Test
    void fingerprintsDifferWhenAnyFieldDiffersAndNotOtherwise() {
        ProjectKey project = new ProjectKey("raveil");
        HandoffDraft draft = draft(List.of("a", "b"));

        assertThat(PayloadFingerprint.of(project, draft))
                .isEqualTo(PayloadFingerprint.of(project, draft(List.of("a", "b"))));
        assertThat(PayloadFingerprint.of(project, draft))
                .isNotEqualTo(PayloadFingerprint.of(project, draft(List.of("ab"))));
        assertThat(PayloadFingerprint.of(project, draft))
                .isNotEqualTo(PayloadFingerprint.of(new ProjectKey("other"), draft));
    }

    private static HandoffDraft draft(List<String> tags) {
        return new HandoffDraft("t", "s", "c", "context", tags, "chatgpt", null, "normal", "normal", List.of());
    }
}
