package dev.switchboard.plugin.mailbox.message;

import static dev.switchboard.plugin.mailbox.MailboxHarness.args;
import static dev.switchboard.plugin.mailbox.MailboxHarness.ids;
import static dev.switchboard.plugin.mailbox.MailboxHarness.result;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ValueSource;

import dev.switchboard.plugin.mailbox.MailboxHarness;
import dev.switchboard.plugin.mailbox.Proposals;
import dev.switchboard.plugin.mailbox.Rows;
import dev.switchboard.ports.tool.ToolResult;

/** send_message's rules of §1C.2 beyond the basic ones, on both backends. */
@ParameterizedClass(name = "on {0}")
@ValueSource(strings = {"sqlite", "postgres"})
class SendRulesTest {

    /** An AWS access key id as the kernel's scanner recognises it (the documentation's example). */
    private static final String SECRET = "AKIA" + "IOSFODNN7EXAMPLE";

    @Parameter
    String backend;

    @TempDir
    Path dir;

    private MailboxHarness frontend;

    @BeforeEach
    void open() {
        frontend = MailboxHarness.builder(backend, dir).open("frontend");
    }

    @AfterEach
    void close() {
        frontend.close();
    }

    @Test
    @DisplayName("3C.81 a proc needs pin_key and about_message_id passed explicitly; both null is accepted")
    void aProposalNamesItsPinKeyAndSubjectExplicitly() {
        Map<String, Object> proc = args("to", "backend", "topic", "t", "body", "b", "kind", "proc");
        assertThat(frontend.refused("send_message", proc, "INVALID_ARGUMENTS").message())
                .startsWith("pin_key:");
        proc.put("pin_key", null);
        assertThat(frontend.refused("send_message", proc, "INVALID_ARGUMENTS").message())
                .startsWith("about_message_id:");
        proc.put("about_message_id", null);
        assertThat(frontend.send(proc)).isEqualTo(1L);
    }

    @Test
    @DisplayName("3C.87 a second open round on a pin key is refused, listing the open round's id")
    void oneOpenRoundPerPinKey() {
        long first = frontend.send(proc("glossary"));
        ToolResult.Failure second = frontend.refused("send_message", proc("glossary"), "CONFLICT");
        assertThat(second.message()).contains("#" + first);
        assertThat(second.details()).containsEntry("open_rounds", List.of(first));
        frontend.send(proc("contract-version"));
    }

    @Test
    @DisplayName(
            "3C.114 (send half) a void from an electorate member closes the round: a new proc on the key is accepted")
    void aVoidedRoundFreesTheKey() {
        long first = frontend.send(proc("glossary"));
        Rows.ack(frontend.storage(), first, "backend", "void", "2026-08-10T09:30:00.000Z");
        assertThat(frontend.send(proc("glossary"))).isGreaterThan(first);
    }

    @Test
    @DisplayName(
            "3C.82 several recipients without a kind (left out or null) are refused as for kind bug, naming the rule")
    void severalRecipientsWithoutAKindAreRefused() {
        frontend.as("infra").send("frontend", "hi", "b");
        Map<String, Object> untyped = args("to", List.of("backend", "infra"), "topic", "t", "body", "b");

        ToolResult.Failure refused = frontend.refused("send_message", untyped, "INVALID_ARGUMENTS");
        assertThat(refused.message()).contains("proc or status");
        untyped.put("kind", null);
        frontend.refused("send_message", untyped, "INVALID_ARGUMENTS");
    }

    @Test
    @DisplayName("3C.114 (send half) a void from a role outside the round's electorate leaves the round open")
    void aVoidFromOutsideTheElectorateKeepsTheKeyTaken() {
        frontend.as("infra").send("frontend", "hi", "b");
        long first = frontend.send(proc("glossary"));
        Rows.ack(frontend.storage(), first, "infra", "void", "2026-08-10T09:30:00.000Z");

        ToolResult.Failure second = frontend.refused("send_message", proc("glossary"), "CONFLICT");
        assertThat(second.details()).containsEntry("open_rounds", List.of(first));
    }

    @Test
    @DisplayName("3C.87 a round that approved a pin, or was deleted by its author, is no longer open")
    void approvedOrDeletedRoundsAreClosed() {
        long approved = frontend.send(proc("glossary"));
        Rows.pin(frontend.storage(), "glossary", approved);
        long next = frontend.send(proc("glossary"));
        frontend.ok("delete_message", args("message_id", next));
        frontend.send(proc("glossary"));
    }

    @Test
    @DisplayName("3C.88 addenda: only recipients, at most 4000 characters, each recipient reads its own, one digest")
    void addendaArePerRecipient() {
        frontend.as("infra").send("frontend", "hi", "b");
        frontend.refused(
                "send_message",
                args("to", "backend", "topic", "t", "body", "b", "addenda", Map.of("infra", "x")),
                "INVALID_ARGUMENTS");
        frontend.refused(
                "send_message",
                args("to", "backend", "topic", "t", "body", "b", "addenda", Map.of("backend", "x".repeat(4001))),
                "INVALID_ARGUMENTS");
        frontend.send(args(
                "to", List.of("backend", "infra"),
                "topic", "release",
                "body", "shared",
                "kind", "status",
                "addenda", Map.of("backend", "for backend", "infra", "for infra")));

        Map<String, Object> backendView =
                result(frontend.as("backend").ok("read_inbox", args())).getLast();
        Map<String, Object> infraView =
                result(frontend.as("infra").ok("read_inbox", args())).getLast();
        assertThat(backendView).containsEntry("addendum", "for backend").doesNotContainKey("addenda");
        assertThat(infraView).containsEntry("addendum", "for infra");
        assertThat(backendView.get("body_sha256")).isEqualTo(infraView.get("body_sha256"));
    }

    @Test
    @DisplayName("3C.89 reply_to or about_message_id naming a message that does not exist is refused")
    void repliesAndNudgesNeedAnExistingMessage() {
        assertThat(frontend.refused(
                                "send_message",
                                args("to", "backend", "topic", "t", "body", "b", "reply_to", 999999),
                                "INVALID_ARGUMENTS")
                        .message())
                .startsWith("reply_to:");
        assertThat(frontend.refused(
                                "send_message",
                                args("to", "backend", "topic", "t", "body", "b", "about_message_id", 999999),
                                "INVALID_ARGUMENTS")
                        .message())
                .startsWith("about_message_id:");
    }

    @Test
    @DisplayName("3C.90 a reply to a 3-recipient proc may go to several of its participants, never outside them")
    void repliesStayWithinTheParentsAudience() {
        frontend.as("ops").send("frontend", "hi", "b");
        long proposal = frontend.send(Proposals.proc(List.of("backend", "infra", "qa"), "plan", "b", null, null));
        MailboxHarness backend = frontend.as("backend");
        backend.send(args(
                "to",
                List.of("frontend", "infra"),
                "topic",
                "re",
                "body",
                "b",
                "kind",
                "answer",
                "reply_to",
                proposal));
        assertThat(backend.refused(
                                "send_message",
                                args(
                                        "to", List.of("frontend", "ops"),
                                        "topic", "re",
                                        "body", "b",
                                        "kind", "answer",
                                        "reply_to", proposal),
                                "INVALID_ARGUMENTS")
                        .message())
                .contains("ops");
    }

    @Test
    @DisplayName(
            "3C.124 (send half) body_ref: an unsealed upload or body with body_ref is refused; a sealed one is the body")
    void bodyRefTakesASealedUpload() {
        Rows.upload(frontend.storage(), 1, "frontend", "draft", false);
        Rows.upload(frontend.storage(), 2, "frontend", "large sealed text", true);
        frontend.refused("send_message", args("to", "backend", "topic", "t", "body_ref", 1), "INVALID_ARGUMENTS");
        frontend.refused(
                "send_message", args("to", "backend", "topic", "t", "body", "b", "body_ref", 2), "INVALID_ARGUMENTS");
        frontend.send(args("to", "backend", "topic", "t", "body_ref", 2));
        assertThat(result(frontend.as("backend").ok("read_inbox", args())))
                .singleElement()
                .satisfies(message -> assertThat(message).containsEntry("body", "large sealed text"));
    }

    @Test
    @DisplayName("voters: only with pin_key; the author is dropped and an electorate of nobody is refused")
    void votersDeclareAnElectorate() {
        frontend.refused(
                "send_message",
                Proposals.proc("backend", "t", "b", null, null, "voters", List.of("backend")),
                "INVALID_ARGUMENTS");
        Map<String, Object> onlyMe = proc("glossary");
        onlyMe.put("voters", List.of("frontend"));
        frontend.refused("send_message", onlyMe, "INVALID_ARGUMENTS");
        Map<String, Object> declared = proc("glossary");
        declared.put("voters", List.of("frontend", "backend"));
        assertThat(frontend.ok("send_message", declared)).containsEntry("voters", List.of("backend"));
    }

    @Test
    @DisplayName(
            "beyond #2: a secret in topic, body or an addendum refuses the send naming rule and field, never the secret")
    void theSecretGuardrailRefusesASend() {
        ToolResult.Failure refused = frontend.refused(
                "send_message", args("to", "backend", "topic", "keys", "body", "key " + SECRET), "SECRET_DETECTED");
        assertThat(refused.message()).contains("body").doesNotContain(SECRET);
        assertThat(refused.details()).containsEntry("field", "body").containsEntry("override_available", false);
        frontend.refused(
                "send_message",
                args("to", "backend", "topic", "keys", "body", "b", "addenda", Map.of("backend", SECRET)),
                "SECRET_DETECTED");
        frontend.refused(
                "send_message",
                args("to", "backend", "topic", "keys", "body", "key " + SECRET, "allow_sensitive", true),
                "SECRET_DETECTED");
        assertThat(ids(frontend.as("backend").ok("list_messages", args()))).isEmpty();
    }

    @Test
    @DisplayName("beyond #2: with the operator setting and allow_sensitive the send goes through and is recorded")
    void theOverrideNeedsBothHalvesAndIsRecorded() {
        try (MailboxHarness lenient = MailboxHarness.builder(backend, dir.resolve("lenient"))
                .setting("allow-sensitive", true)
                .open("frontend")) {
            lenient.refused(
                    "send_message", args("to", "backend", "topic", "keys", "body", "key " + SECRET), "SECRET_DETECTED");
            long id = lenient.send(
                    args("to", "backend", "topic", "keys", "body", "key " + SECRET, "allow_sensitive", true));
            @SuppressWarnings("unchecked")
            List<Map<String, Object>> events = (List<Map<String, Object>>)
                    lenient.ok("message_history", args("message_id", id)).get("events");
            assertThat(events).anySatisfy(event -> assertThat(event).containsEntry("event", "sensitive_override"));
        }
    }

    @Test
    @DisplayName("beyond #5: the author sees per recipient when it was delivered and marked read")
    void theAuthorSeesDelivery() {
        long id = frontend.send("backend", "t", "b");
        frontend.as("backend").ok("read_inbox", args());
        frontend.as("backend").ok("mark_read", args("message_id", id));
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> delivery = (List<Map<String, Object>>)
                result(frontend.ok("list_messages", args())).getFirst().get("delivery");
        assertThat(delivery).singleElement().satisfies(entry -> {
            assertThat(entry).containsEntry("role", "backend");
            assertThat(entry.get("opened_at")).isNotNull();
            assertThat(entry.get("read_at")).isNotNull();
        });
        assertThat(result(frontend.as("backend").ok("list_messages", args())).getFirst())
                .as("only the author sees delivery")
                .doesNotContainKey("delivery");
    }

    private static Map<String, Object> proc(String pinKey) {
        return Proposals.proc("backend", "change " + pinKey, "b", pinKey, null);
    }
}
