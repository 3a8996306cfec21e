package dev.switchboard.plugin.mailbox.pin;

import static dev.switchboard.plugin.mailbox.MailboxHarness.args;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ValueSource;

import dev.switchboard.plugin.mailbox.MailboxHarness;
import dev.switchboard.plugin.mailbox.Proposals;
import dev.switchboard.plugin.mailbox.channel.domain.Digest;

@ParameterizedClass(name = "on {0}")
@ValueSource(strings = {"sqlite", "postgres"})
class PinToolsTest {

    @Parameter
    String backend;

    @TempDir
    Path dir;

    @Test
    @DisplayName("3C.118 pin_set on team-charter without approved_by is refused, even for the first version")
    void aReservedKeyNeedsApproval() {
        try (MailboxHarness frontend = MailboxHarness.open(backend, dir, "frontend")) {
            var refusal = frontend.refused("pin_set", pin("team-charter", "v1", "rules"), "CONFLICT");

            assertThat(refusal.message()).contains("protected", "approved_by");
            assertThat(MailboxHarness.result(frontend.ok("pin_history", args("key", "team-charter"))))
                    .isEmpty();
        }
    }

    @Test
    @DisplayName("3C.119 a free key is pinned without approval; once approved it needs approval from then on")
    void aKeyWrittenWithApprovalStaysProtected() {
        try (MailboxHarness frontend = MailboxHarness.open(backend, dir, "frontend")) {
            frontend.ok("pin_set", pin("notes", "v1", "first"));
            long proposal = propose(frontend, "notes");
            frontend.as("backend").ok("acknowledge", args("message_id", proposal, "decision", "agree"));
            Map<String, Object> approved = with(pin("notes", "v2", "second"), "approved_by", proposal);

            frontend.ok("pin_set", approved);

            frontend.refused("pin_set", pin("notes", "v3", "third"), "CONFLICT");
        }
    }

    @Test
    @DisplayName(
            "3C.120 approved_by naming a non-proc, a proc for another key, a missing agree, a stale agree, a used approval: refused")
    void everyApprovalConditionIsChecked() {
        try (MailboxHarness frontend = MailboxHarness.open(backend, dir, "frontend")) {
            MailboxHarness backendRole = frontend.as("backend");
            long bug = frontend.send(args("to", "backend", "topic", "glossary fix", "body", "b", "kind", "bug"));
            backendRole.ok("acknowledge", args("message_id", bug, "decision", "agree"));
            assertThat(frontend.refused("pin_set", approved("glossary", "v1", bug), "CONFLICT")
                            .message())
                    .contains("not a proposal");

            long other = propose(frontend, "notes", "mentions glossary");
            backendRole.ok("acknowledge", args("message_id", other, "decision", "agree"));
            assertThat(frontend.refused("pin_set", approved("glossary", "v1", other), "CONFLICT")
                            .message())
                    .contains("for pin 'notes'");

            long declared = frontend.send(Proposals.proc(
                    List.of("backend", "infra"),
                    "glossary v1",
                    "terms",
                    "glossary",
                    null,
                    "voters",
                    List.of("backend", "infra")));
            backendRole.ok("acknowledge", args("message_id", declared, "decision", "agree"));
            var missing = frontend.refused("pin_set", approved("glossary", "v1", declared), "CONFLICT");
            assertThat(missing.details()).containsEntry("missing_agrees", List.of("infra"));

            frontend.as("infra").ok("acknowledge", args("message_id", declared, "decision", "agree"));
            frontend.ok("pin_set", approved("glossary", "v1", declared));
            assertThat(frontend.refused("pin_set", approved("glossary", "v2", declared), "CONFLICT")
                            .message())
                    .contains("already approved");

            long early = propose(frontend, "draft");
            backendRole.ok("acknowledge", args("message_id", early, "decision", "agree"));
            frontend.ok("pin_set", pin("draft", "1", "free write"));
            assertThat(frontend.refused("pin_set", approved("draft", "2", early), "CONFLICT")
                            .message())
                    .contains("predates the current 'draft' version");
        }
    }

    @Test
    @DisplayName(
            "3C.121 a dry run that would pass writes nothing; a failing one reports ok:false; a permission error is still raised")
    void aDryRunTakesTheSamePathAndWritesNothing() {
        try (MailboxHarness frontend = MailboxHarness.open(backend, dir, "frontend")) {
            long proposal = propose(frontend, "glossary");
            Map<String, Object> failing =
                    frontend.ok("pin_set", with(approved("glossary", "v1", proposal), "dry_run", true));

            assertThat(failing)
                    .containsEntry("dry_run", true)
                    .containsEntry("ok", false)
                    .containsEntry("written", false);
            assertThat(failing.get("problem")).asString().contains("no fresh 'agree'");
            assertThat(failing).containsEntry("missing_agrees", List.of());

            frontend.as("backend").ok("acknowledge", args("message_id", proposal, "decision", "agree"));
            Map<String, Object> passing =
                    frontend.ok("pin_set", with(approved("glossary", "v1", proposal), "dry_run", true));
            assertThat(passing).containsEntry("ok", true).containsEntry("written", false);
            assertThat(passing.get("would_write"))
                    .isEqualTo(Map.of(
                            "key",
                            "glossary",
                            "version",
                            "v1",
                            "body_sha256",
                            Digest.of("terms").sha256(),
                            "body_length_bytes",
                            5L,
                            "body_length_chars",
                            5L));
            assertThat(MailboxHarness.result(frontend.ok("pin_history", args("key", "glossary"))))
                    .isEmpty();

            frontend.as("infra")
                    .refused("pin_set", with(approved("glossary", "v1", proposal), "dry_run", true), "FORBIDDEN");
        }
    }

    @Test
    @DisplayName(
            "3C.122 a pin_set appends a version, retires the other open proposals for the key, and hashes the raw UTF-8")
    void aSuccessfulPinAppendsAndSupersedes() {
        try (MailboxHarness frontend = MailboxHarness.open(backend, dir, "frontend")) {
            frontend.ok("pin_set", pin("notes", "1", "ротация"));
            long legacy = frontend.send(Proposals.proc("backend", "notes idea", "b", null, null));
            Map<String, Object> second = frontend.ok("pin_set", pin("notes", "2", "ротация\n"));

            assertThat(second).containsEntry("superseded", List.of(legacy));
            List<Map<String, Object>> history = MailboxHarness.result(frontend.ok("pin_history", args("key", "notes")));
            assertThat(history).extracting(v -> v.get("version")).containsExactly("2", "1");
            assertThat(history.get(1)).containsEntry("body_length_chars", 7L).containsEntry("body_length_bytes", 14L);
            assertThat(history.get(0).get("body_sha256"))
                    .isNotEqualTo(history.get(1).get("body_sha256"));
            assertThat(MailboxHarness.result(frontend.ok("pin_history", args("key", "notes", "fields", "headers")))
                            .getFirst())
                    .doesNotContainKey("body")
                    .containsKey("body_sha256");
        }
    }

    @Test
    @DisplayName("pin_history shows each version's own body whole, newest first, and stops at 1 MiB of versions with"
            + " truncated.max_bytes")
    void pinHistoryShowsEachVersionsBodyAndStopsAtTheByteCap() {
        try (MailboxHarness frontend = MailboxHarness.open(backend, dir, "frontend")) {
            int versions = 14;
            for (int i = 0; i < versions; i++) {
                frontend.ok("pin_set", pin("notes", "v" + i, ("v" + i + " ").repeat(30_000)));
            }

            Map<String, Object> answer = frontend.ok("pin_history", args("key", "notes"));

            List<Map<String, Object>> history = MailboxHarness.result(answer);
            assertThat(history).hasSizeBetween(8, versions - 1);
            for (int shown = 0; shown < history.size(); shown++) {
                int version = versions - 1 - shown;
                assertThat(history.get(shown))
                        .containsEntry("version", "v" + version)
                        .containsEntry("body", ("v" + version + " ").repeat(30_000));
            }
            assertThat(answer.get("truncated"))
                    .asInstanceOf(InstanceOfAssertFactories.MAP)
                    .containsEntry("max_bytes", 1024 * 1024)
                    .containsEntry("returned", history.size());
            assertThat(MailboxHarness.result(frontend.ok("pin_history", args("key", "notes", "fields", "headers"))))
                    .hasSize(versions);
        }
    }

    @Test
    @DisplayName("3C.123 pin_get of an unknown key is null; pin_list entries carry digests but no body")
    void readsAnswerNullAndDigests() {
        try (MailboxHarness frontend = MailboxHarness.open(backend, dir, "frontend")) {
            assertThat(frontend.ok("pin_get", args("key", "unknown"))).containsEntry("result", null);
            frontend.ok("pin_set", pin("notes", "1", "text"));
            frontend.ok("pin_set", pin("alpha", "1", "a"));

            List<Map<String, Object>> pins = MailboxHarness.result(frontend.ok("pin_list", args()));

            assertThat(pins).extracting(p -> p.get("key")).containsExactly("alpha", "notes");
            assertThat(pins.getFirst())
                    .doesNotContainKey("body")
                    .containsEntry("body_sha256", Digest.of("a").sha256());
            @SuppressWarnings("unchecked")
            Map<String, Object> notes = (Map<String, Object>)
                    frontend.ok("pin_get", args("key", "notes")).get("result");
            assertThat(notes).containsEntry("body", "text").containsEntry("version", "1");
        }
    }

    @Test
    @DisplayName("3C.120 key, title and version limits are enforced naming the field")
    void fieldLimitsAreEnforced() {
        try (MailboxHarness frontend = MailboxHarness.open(backend, dir, "frontend")) {
            assertThat(frontend.refused("pin_set", pin("k".repeat(81), "1", "b"), "INVALID_ARGUMENTS")
                            .details())
                    .containsEntry("field", "key");
            assertThat(frontend.refused(
                                    "pin_set",
                                    args("key", "k", "title", "t".repeat(201), "version", "1", "body", "b"),
                                    "INVALID_ARGUMENTS")
                            .details())
                    .containsEntry("field", "title");
            assertThat(frontend.refused("pin_set", pin("k", "v".repeat(81), "b"), "INVALID_ARGUMENTS")
                            .details())
                    .containsEntry("field", "version");
            frontend.refused("pin_set", pin("k", "1", ""), "INVALID_ARGUMENTS");
        }
    }

    @Test
    @DisplayName("3C.124 pin_set takes its body from a sealed upload, never from an unsealed one, never from both")
    void aBodyRefMustBeASealedUpload() {
        try (MailboxHarness frontend = MailboxHarness.open(backend, dir, "frontend")) {
            long upload = ((Number) frontend.ok("upload_content", args("text", "big text"))
                            .get("upload_id"))
                    .longValue();
            Map<String, Object> byRef = args("key", "notes", "title", "t", "version", "1", "body_ref", upload);

            frontend.refused("pin_set", byRef, "CONFLICT");
            frontend.ok("seal_content", args("upload_id", upload));
            frontend.refused("pin_set", with(byRef, "body", "inline"), "INVALID_ARGUMENTS");

            assertThat(frontend.ok("pin_set", byRef))
                    .containsEntry("body_sha256", Digest.of("big text").sha256());
        }
    }

    @Test
    @DisplayName("beyond #4 in strict digest mode a body other than the proposal's is refused")
    void strictDigestModeRefusesAnotherBody() {
        try (MailboxHarness frontend = MailboxHarness.builder(backend, dir)
                .setting("strict-pin-digest", true)
                .open("frontend")) {
            long proposal = propose(frontend, "glossary");
            frontend.as("backend").ok("acknowledge", args("message_id", proposal, "decision", "agree"));

            assertThat(frontend.refused("pin_set", approved("glossary", "v1", proposal, "edited"), "CONFLICT")
                            .message())
                    .contains("strict digest mode");
            frontend.ok("pin_set", approved("glossary", "v1", proposal));
        }
    }

    static long propose(MailboxHarness author, String key) {
        return propose(author, key, key + " proposal");
    }

    static long propose(MailboxHarness author, String key, String topic) {
        return author.send(Proposals.proc("backend", topic, "terms", key, null));
    }

    static Map<String, Object> pin(String key, String version, String body) {
        return args("key", key, "title", key + " title", "version", version, "body", body);
    }

    static Map<String, Object> approved(String key, String version, long proposal) {
        return approved(key, version, proposal, "terms");
    }

    static Map<String, Object> approved(String key, String version, long proposal, String body) {
        return with(pin(key, version, body), "approved_by", proposal);
    }

    static Map<String, Object> with(Map<String, Object> arguments, String name, Object value) {
        Map<String, Object> copy = new java.util.LinkedHashMap<>(arguments);
        copy.put(name, value);
        return copy;
    }
}
