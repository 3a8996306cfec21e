package dev.switchboard.plugin.handoff;

import static dev.switchboard.plugin.handoff.HandoffHarness.with;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import dev.switchboard.ports.tool.ToolResult;

/** Acceptance behaviours 5-12 and 18-20 of spec §3A: publishing, receipts, idempotency, limits and validation. */
@ParameterizedClass(name = "on {0}")
@ValueSource(strings = {HandoffHarness.SQLITE, HandoffHarness.POSTGRES})
class PublishAndReceiptTest {

    @Parameter
    String backend;

    private static final Map<String, Object> VALID = Map.of(
            "project",
            "raveil",
            "title",
            "Storage decision",
            "summary",
            "We pick SQLite",
            "content",
            "Use SQLite in WAL mode; see the benchmark.");

    @TempDir
    Path dir;

    private HandoffHarness handoff;

    @BeforeEach
    void open() {
        handoff = HandoffHarness.open(backend, dir, Map.of("max-body-bytes", "64"));
        handoff.register("Raveil");
    }

    @AfterEach
    void close() {
        handoff.close();
    }

    @Test
    @DisplayName("3A.5 a valid publish returns committed and a receipt with id, project, sequence, checksum, time")
    void aValidPublishIsCommittedWithAFullReceipt() {
        Map<String, Object> result = handoff.ok("frontispice_publish_handoff", with(VALID, "project", "RAVEIL"));

        assertThat(result).containsEntry("delivery_status", "committed");
        assertThat(receipt(result))
                .containsOnlyKeys("handoff_id", "project", "sequence", "checksum", "committed_at")
                .containsEntry("project", "raveil")
                .containsEntry("sequence", 1L)
                .containsEntry("committed_at", HandoffHarness.START.toString());
    }

    @Test
    @DisplayName("3A.6 sequences are per project: a gets 1, 2, 3 and b's first is 1")
    void sequencesCountPerProject() {
        handoff.register("a");
        handoff.register("b");

        assertThat(handoff.publish("a", "one", "x").get("sequence")).isEqualTo(1L);
        assertThat(handoff.publish("a", "two", "x").get("sequence")).isEqualTo(2L);
        assertThat(handoff.publish("a", "three", "x").get("sequence")).isEqualTo(3L);
        assertThat(handoff.publish("b", "one", "x").get("sequence")).isEqualTo(1L);
    }

    @Test
    @DisplayName("3A.7 the checksum is sha256:<hex> of the content's UTF-8 bytes, as the client recomputes it")
    void theChecksumIsTheSha256OfTheUtf8Content() throws Exception {
        String content = "Zürich → 東京, emoji 🙂";
        Map<String, Object> receipt = handoff.publish("raveil", "unicode", content);

        String expected = "sha256:"
                + HexFormat.of()
                        .formatHex(
                                MessageDigest.getInstance("SHA-256").digest(content.getBytes(StandardCharsets.UTF_8)));
        assertThat(receipt).containsEntry("checksum", expected);
    }

    @Test
    @DisplayName("3A.8 the same idempotency_key and fields return the same id and sequence; one handoff counted")
    void republishingWithTheSameKeyAndFieldsReturnsTheOriginalReceipt() {
        Map<String, Object> keyed = with(VALID, "idempotency_key", "chat-42-storage");

        Map<String, Object> first = handoff.ok("frontispice_publish_handoff", keyed);
        Map<String, Object> again = handoff.ok("frontispice_publish_handoff", keyed);

        assertThat(receipt(again)).isEqualTo(receipt(first));
        assertThat(again).containsEntry("replayed", true);
        assertThat(handoff.ok("frontispice_project_status", Map.of("project", "raveil")))
                .containsEntry("handoff_count", 1L);
    }

    @Test
    @DisplayName("3A.9 an idempotency_key reused with a different payload is a conflict and writes nothing")
    void reusingAKeyForADifferentPayloadIsAConflictAndWritesNothing() {
        handoff.ok("frontispice_publish_handoff", with(VALID, "idempotency_key", "k1"));

        ToolResult.Failure conflict = handoff.refused(
                "frontispice_publish_handoff",
                with(with(VALID, "idempotency_key", "k1"), "content", "something else"),
                "CONFLICT");

        assertThat(conflict.details()).containsEntry("field", "idempotency_key");
        assertThat(handoff.ok("frontispice_project_status", Map.of("project", "raveil")))
                .containsEntry("handoff_count", 1L);
    }

    @Test
    @DisplayName("3A.10 delivery_status by handoff_id and by idempotency_key return committed and the receipt")
    void deliveryStatusFindsTheReceiptByIdAndByKey() {
        Map<String, Object> receipt =
                receipt(handoff.ok("frontispice_publish_handoff", with(VALID, "idempotency_key", "k2")));

        Map<String, Object> byId =
                handoff.ok("frontispice_delivery_status", Map.of("handoff_id", receipt.get("handoff_id")));
        Map<String, Object> byKey = handoff.ok("frontispice_delivery_status", Map.of("idempotency_key", "k2"));

        for (Map<String, Object> status : List.of(byId, byKey)) {
            assertThat(status).containsEntry("delivery_status", "committed").containsEntry("verified", true);
            assertThat(receipt(status)).isEqualTo(receipt);
        }
    }

    @Test
    @DisplayName("3A.11 delivery_status with a differing checksum reports a mismatch and is not verified")
    void aDifferentChecksumIsAMismatchAndNotVerified() {
        Map<String, Object> receipt = handoff.publish(VALID);
        String wrong = "sha256:" + "0".repeat(64);

        Map<String, Object> status = handoff.ok(
                "frontispice_delivery_status", Map.of("handoff_id", receipt.get("handoff_id"), "checksum", wrong));
        Map<String, Object> matching = handoff.ok(
                "frontispice_delivery_status",
                Map.of("handoff_id", receipt.get("handoff_id"), "checksum", receipt.get("checksum")));

        assertThat(status).containsEntry("verified", false).containsEntry("checksum_check", "mismatch");
        assertThat(matching).containsEntry("verified", true).containsEntry("checksum_check", "match");
    }

    @Test
    @DisplayName("3A.12 delivery_status for an unknown id or key is not found, never committed")
    void anUnknownIdOrKeyIsNotFound() {
        handoff.refused("frontispice_delivery_status", Map.of("handoff_id", "no-such-handoff"), "HANDOFF_NOT_FOUND");
        handoff.refused("frontispice_delivery_status", Map.of("idempotency_key", "never-used"), "HANDOFF_NOT_FOUND");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"with space", "nul\u0000key", "caf\u00e9", "semi;colon"})
    @DisplayName("an idempotency key outside [A-Za-z0-9._:-] is refused by publish and delivery_status")
    void anIdempotencyKeyOutsideTheCharacterSetIsRefused(String key) {
        ToolResult.Failure publish = handoff.refused(
                "frontispice_publish_handoff", with(VALID, "idempotency_key", key), "INVALID_ARGUMENTS");
        ToolResult.Failure status =
                handoff.refused("frontispice_delivery_status", Map.of("idempotency_key", key), "INVALID_ARGUMENTS");

        assertThat(publish.details()).containsEntry("field", "idempotency_key");
        assertThat(status.details()).containsEntry("field", "idempotency_key");
        assertThat(handoff.ok("frontispice_project_status", Map.of("project", "raveil")))
                .containsEntry("handoff_count", 0L);
    }

    @Test
    void deliveryStatusNeedsExactlyOneOfIdAndKey() {
        ToolResult.Failure neither = handoff.refused("frontispice_delivery_status", Map.of(), "INVALID_ARGUMENTS");
        handoff.refused(
                "frontispice_delivery_status", Map.of("handoff_id", "a", "idempotency_key", "b"), "INVALID_ARGUMENTS");

        assertThat(neither.details()).containsEntry("field", "handoff_id");
    }

    @Test
    void textWithALoneUtf16SurrogateIsRefusedNamingTheFieldInsteadOfStoredAsAQuestionMark() {
        ToolResult.Failure content = handoff.refused(
                "frontispice_publish_handoff", with(VALID, "content", "before \ud800 after"), "INVALID_ARGUMENTS");
        ToolResult.Failure tag = handoff.refused(
                "frontispice_publish_handoff", with(VALID, "tags", List.of("ok", "bad\udc00")), "INVALID_ARGUMENTS");

        assertThat(content.details()).containsEntry("field", "content");
        assertThat(content.message()).contains("lone UTF-16 surrogate at index 7");
        assertThat(tag.details()).containsEntry("field", "tags[1]");
        assertThat(handoff.ok("frontispice_project_status", Map.of("project", "raveil")))
                .containsEntry("handoff_count", 0L);
        Map<String, Object> paired = handoff.publish(with(VALID, "content", "an emoji \ud83d\ude00 is fine"));
        assertThat(paired).containsKey("handoff_id");
    }

    @Test
    void textWithANulIsRefusedNamingTheFieldOnEveryBackendAlike() {
        ToolResult.Failure content = handoff.refused(
                "frontispice_publish_handoff", with(VALID, "content", "log\u0000tail"), "INVALID_ARGUMENTS");
        ToolResult.Failure reference = handoff.refused(
                "frontispice_publish_handoff", with(VALID, "source_reference", "\u0000"), "INVALID_ARGUMENTS");

        assertThat(content.details()).containsEntry("field", "content");
        assertThat(content.message()).contains("NUL character").contains("index 3");
        assertThat(reference.details()).containsEntry("field", "source_reference");
        assertThat(handoff.ok("frontispice_project_status", Map.of("project", "raveil")))
                .containsEntry("handoff_count", 0L);
    }

    @Test
    @DisplayName("3A.18 content over the configured maximum is refused; content exactly at the limit is accepted")
    void contentOverTheLimitIsRefusedAndExactlyAtTheLimitAccepted() {
        String atLimit = "é".repeat(32);
        String overLimit = atLimit + "x";

        handoff.publish(with(VALID, "content", atLimit));
        ToolResult.Failure tooLarge =
                handoff.refused("frontispice_publish_handoff", with(VALID, "content", overLimit), "BODY_TOO_LARGE");

        assertThat(tooLarge.details())
                .containsEntry("field", "content")
                .containsEntry("bytes", 65)
                .containsEntry("max_bytes", 64);
        assertThat(handoff.ok("frontispice_project_status", Map.of("project", "raveil")))
                .containsEntry("handoff_count", 1L);
    }

    @Test
    @DisplayName(
            "3A.19 omitted optional fields default: kind context, source chatgpt, importance and sensitivity normal")
    void omittedOptionalFieldsTakeTheirDefaults() {
        Map<String, Object> receipt = handoff.publish(VALID);

        Map<String, Object> read = handoff.ok(
                "frontispice_read_handoff", Map.of("project", "raveil", "handoff_id", receipt.get("handoff_id")));

        assertThat(read)
                .containsEntry("kind", "context")
                .containsEntry("source", "chatgpt")
                .containsEntry("importance", "normal")
                .containsEntry("sensitivity", "normal")
                .containsEntry("sensitive_override", false);
    }

    @ParameterizedTest(name = "without {0}")
    @ValueSource(strings = {"project", "title", "summary", "content"})
    @DisplayName("3A.20 a missing required field is refused with a validation error naming it")
    void aMissingRequiredFieldIsRefusedNamingIt(String field) {
        Map<String, Object> arguments = new HashMap<>(VALID);
        arguments.remove(field);

        ToolResult.Failure failure = handoff.refused("frontispice_publish_handoff", arguments, "INVALID_ARGUMENTS");

        assertThat(failure.details()).containsEntry("field", field);
        assertThat(failure.message()).contains(field);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"kind", "importance", "sensitivity"})
    @DisplayName("3A.20 an unknown enum value is refused with a validation error naming the field")
    void anUnknownEnumValueIsRefusedNamingTheField(String field) {
        ToolResult.Failure failure =
                handoff.refused("frontispice_publish_handoff", with(VALID, field, "bogus"), "INVALID_ARGUMENTS");

        assertThat(failure.details()).containsEntry("field", field);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> receipt(Map<String, Object> result) {
        return (Map<String, Object>) result.get("receipt");
    }
}
