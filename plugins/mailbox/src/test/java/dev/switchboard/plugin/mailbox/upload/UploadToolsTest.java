package dev.switchboard.plugin.mailbox.upload;

import static dev.switchboard.plugin.mailbox.MailboxHarness.args;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ValueSource;

import dev.switchboard.plugin.mailbox.MailboxHarness;
import dev.switchboard.plugin.mailbox.channel.domain.Digest;

@ParameterizedClass(name = "on {0}")
@ValueSource(strings = {"sqlite", "postgres"})
class UploadToolsTest {

    @Parameter
    String backend;

    @TempDir
    Path dir;

    @Test
    @DisplayName("3C.124 only the owner appends; a sealed upload refuses appends; any role reads it")
    void ownerAppendsOthersReadAndSealedRefuses() {
        try (MailboxHarness frontend = MailboxHarness.open(backend, dir, "frontend")) {
            MailboxHarness backendRole = frontend.as("backend");
            Map<String, Object> started = frontend.ok("upload_content", args("text", "ротация ", "label", "spec"));
            long id = ((Number) started.get("upload_id")).longValue();

            assertThat(started).containsEntry("uploaded_by", "frontend").containsEntry("sealed", false);
            backendRole.refused("upload_content", args("text", "x", "upload_id", id), "FORBIDDEN");
            Map<String, Object> appended = frontend.ok("upload_content", args("text", "v2", "upload_id", id));
            assertThat(appended)
                    .containsEntry("sha256", Digest.of("ротация v2").sha256())
                    .containsEntry("length_bytes", 17L)
                    .containsEntry("length_chars", 10L);
            backendRole.refused("seal_content", args("upload_id", id), "FORBIDDEN");

            Map<String, Object> sealed = frontend.ok("seal_content", args("upload_id", id));
            Map<String, Object> again = frontend.ok("seal_content", args("upload_id", id));

            assertThat(sealed)
                    .containsEntry("sealed", true)
                    .containsEntry("sha256", Digest.of("ротация v2").sha256());
            assertThat(again.get("sha256")).isEqualTo(sealed.get("sha256"));
            assertThat(again.get("sealed_at")).isEqualTo(sealed.get("sealed_at"));
            frontend.refused("upload_content", args("text", "more", "upload_id", id), "CONFLICT");
            Map<String, Object> read = backendRole.ok("get_content", args("upload_id", id, "with_body", true));
            assertThat(read).containsEntry("body", "ротация v2").containsEntry("label", "spec");
            assertThat(backendRole.ok("get_content", args("upload_id", id))).doesNotContainKey("body");
        }
    }

    @Test
    @DisplayName("3C.124 an append past 8,388,608 bytes is refused and the upload is unchanged")
    void anOverCapAppendAppendsNothing() {
        try (MailboxHarness frontend = MailboxHarness.open(backend, dir, "frontend")) {
            String big = "x".repeat(8_388_600);
            long id = ((Number) frontend.ok("upload_content", args("text", big)).get("upload_id")).longValue();

            var refusal =
                    frontend.refused("upload_content", args("text", "123456789", "upload_id", id), "INVALID_ARGUMENTS");
            Map<String, Object> exact = frontend.ok("upload_content", args("text", "12345678", "upload_id", id));

            assertThat(refusal.message()).contains("8388608", "8388609", "Nothing was appended");
            assertThat(exact).containsEntry("length_bytes", 8_388_608L);
        }
    }

    @Test
    @DisplayName("3C.124 a label over 80 characters, empty text and an unknown upload are refused")
    void badInputIsRefused() {
        try (MailboxHarness frontend = MailboxHarness.open(backend, dir, "frontend")) {
            frontend.refused("upload_content", args("text", "a", "label", "l".repeat(81)), "INVALID_ARGUMENTS");
            frontend.refused("upload_content", args("text", ""), "INVALID_ARGUMENTS");
            frontend.refused("upload_content", args("text", "a", "upload_id", 99), "NOT_FOUND");
            frontend.refused("get_content", args("upload_id", 99), "NOT_FOUND");
            assertThat(frontend.ok("upload_content", args("text", "a", "label", "l".repeat(80))))
                    .containsEntry("upload_id", 1L);
        }
    }

    @Test
    @DisplayName("beyond #1 a repeated upload with the same request_key is replayed, not appended twice")
    void aRetriedAppendIsReplayed() {
        try (MailboxHarness frontend = MailboxHarness.open(backend, dir, "frontend")) {
            long id = ((Number) frontend.ok("upload_content", args("text", "a")).get("upload_id")).longValue();
            Map<String, Object> call = args("text", "b", "upload_id", id, "request_key", "k1");

            frontend.ok("upload_content", call);
            Map<String, Object> replay = frontend.ok("upload_content", call);

            assertThat(replay).containsEntry("replayed", true);
            assertThat(frontend.ok("get_content", args("upload_id", id))).containsEntry("length_bytes", 2L);
        }
    }
}
