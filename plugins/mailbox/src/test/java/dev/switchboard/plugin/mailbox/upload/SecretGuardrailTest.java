package dev.switchboard.plugin.mailbox.upload;

import static dev.switchboard.plugin.mailbox.MailboxHarness.args;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ValueSource;

import dev.switchboard.plugin.mailbox.MailboxHarness;

@ParameterizedClass(name = "on {0}")
@ValueSource(strings = {"sqlite", "postgres"})
class SecretGuardrailTest {

    private static final String SECRET = "AKIA" + "IOSFODNN7EXAMPLE";

    @Parameter
    String backend;

    @TempDir
    Path dir;

    @Test
    @DisplayName(
            "beyond #2 a secret in an upload, even split across two pieces, or in a pin body is refused without echoing it")
    void uploadsAndPinsAreScanned() {
        try (MailboxHarness frontend = MailboxHarness.open(backend, dir, "frontend")) {
            var refused = frontend.refused("upload_content", args("text", "key " + SECRET), "SECRET_DETECTED");
            assertThat(refused.message()).contains("text").doesNotContain(SECRET);
            long id = ((Number) frontend.ok("upload_content", args("text", "key " + SECRET.substring(0, 8)))
                            .get("upload_id"))
                    .longValue();
            frontend.refused("upload_content", args("text", SECRET.substring(8), "upload_id", id), "SECRET_DETECTED");
            assertThat(frontend.ok("get_content", args("upload_id", id, "with_body", true)))
                    .containsEntry("body", "key " + SECRET.substring(0, 8));

            var pin = frontend.refused(
                    "pin_set", args("key", "notes", "title", "t", "version", "1", "body", SECRET), "SECRET_DETECTED");
            assertThat(pin.message()).contains("body").doesNotContain(SECRET);
            frontend.refused(
                    "pin_set",
                    args("key", "notes", "title", "t", "version", "1", "body", SECRET, "dry_run", true),
                    "SECRET_DETECTED");
            frontend.refused(
                    "pin_set",
                    args("key", "notes", "title", "t", "version", "1", "body", SECRET, "allow_sensitive", true),
                    "SECRET_DETECTED");
            assertThat(MailboxHarness.result(frontend.ok("pin_history", args("key", "notes"))))
                    .isEmpty();
        }
    }

    @Test
    @DisplayName(
            "beyond #2 with the operator setting and allow_sensitive the upload and the pin are written, and the override is recorded")
    void theOverrideNeedsBothHalvesAndIsRecorded() {
        try (MailboxHarness frontend = MailboxHarness.builder(backend, dir)
                .setting("allow-sensitive", true)
                .open("frontend")) {
            frontend.refused("upload_content", args("text", SECRET), "SECRET_DETECTED");
            Map<String, Object> upload = frontend.ok("upload_content", args("text", SECRET, "allow_sensitive", true));
            Map<String, Object> pin = frontend.ok(
                    "pin_set",
                    args("key", "notes", "title", "t", "version", "1", "body", SECRET, "allow_sensitive", true));

            assertThat(upload.get("sensitive_override")).asList().isNotEmpty();
            assertThat(pin.get("sensitive_override")).isEqualTo(upload.get("sensitive_override"));
            assertThat(recorded(frontend, "SELECT sensitive_override FROM mailbox_upload"))
                    .isNotNull();
            assertThat(recorded(frontend, "SELECT sensitive_override FROM mailbox_pin"))
                    .isNotNull();
            assertThat(frontend.ok("pin_set", args("key", "other", "title", "t", "version", "1", "body", "plain")))
                    .doesNotContainKey("sensitive_override");
            assertThat(recorded(frontend, "SELECT sensitive_override FROM mailbox_pin WHERE pin_key = 'other'"))
                    .isNull();
            assertThat(List.of(upload, pin))
                    .allSatisfy(answer -> assertThat(answer.toString()).doesNotContain(SECRET));
        }
    }

    private static String recorded(MailboxHarness harness, String query) {
        return harness.storage().transaction(connection -> {
            try (var statement = connection.prepareStatement(query);
                    var rows = statement.executeQuery()) {
                rows.next();
                return rows.getString(1);
            }
        });
    }
}
