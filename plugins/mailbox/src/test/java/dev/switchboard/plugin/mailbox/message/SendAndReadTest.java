package dev.switchboard.plugin.mailbox.message;

import static dev.switchboard.plugin.mailbox.MailboxHarness.args;
import static dev.switchboard.plugin.mailbox.MailboxHarness.ids;
import static dev.switchboard.plugin.mailbox.MailboxHarness.result;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
import dev.switchboard.plugin.mailbox.channel.application.Untrusted;
import dev.switchboard.ports.tool.ToolResult;

/** send_message and read_inbox end to end, on both backends: the basic rules and the inbox's order and delivery. */
@ParameterizedClass(name = "on {0}")
@ValueSource(strings = {"sqlite", "postgres"})
class SendAndReadTest {

    @Parameter
    String backend;

    @TempDir
    Path dir;

    private MailboxHarness frontend;

    @BeforeEach
    void open() {
        frontend = MailboxHarness.open(backend, dir, "frontend");
    }

    @AfterEach
    void close() {
        frontend.close();
    }

    @Test
    @DisplayName("a sent message reaches its addressee's inbox with the server's identity and per-channel ids from 1")
    void aSentMessageReachesTheAddressee() {
        Map<String, Object> sent =
                frontend.ok("send_message", args("to", "backend", "topic", "  login fails  ", "body", "500 on /login"));
        assertThat(sent).containsEntry("id", 1L).containsKey("created_at");
        assertThat((String) sent.get("created_at")).matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z");

        Map<String, Object> inbox = frontend.as("backend").ok("read_inbox", args());
        assertThat(result(inbox)).singleElement().satisfies(message -> {
            assertThat(message)
                    .containsEntry("id", 1L)
                    .containsEntry("from", "frontend")
                    .containsEntry("to", "backend")
                    .containsEntry("topic", "login fails")
                    .containsEntry("body", "500 on /login")
                    .containsEntry("read_at", null)
                    .containsEntry("body_length_bytes", 13L);
            assertThat((String) message.get("opened_at")).isNotNull();
        });
        assertThat(inbox).containsEntry(Untrusted.FIELD, Untrusted.NOTE).doesNotContainKey("truncated");
        assertThat(result(frontend.ok("read_inbox", args())))
                .as("the author's own inbox")
                .isEmpty();
    }

    @Test
    @DisplayName("3C.79 a message to oneself, an empty topic or body, or an 81-character topic is refused")
    void selfEmptyAndLongTopicAreRefused() {
        assertThat(frontend.refused(
                                "send_message", args("to", "frontend", "topic", "t", "body", "b"), "INVALID_ARGUMENTS")
                        .message())
                .startsWith("to:")
                .contains("yourself");
        assertThat(frontend.refused(
                                "send_message", args("to", "backend", "topic", "   ", "body", "b"), "INVALID_ARGUMENTS")
                        .message())
                .startsWith("topic:");
        assertThat(frontend.refused(
                                "send_message", args("to", "backend", "topic", "t", "body", ""), "INVALID_ARGUMENTS")
                        .message())
                .startsWith("body:");
        assertThat(frontend.refused(
                                "send_message",
                                args("to", "backend", "topic", "x".repeat(81), "body", "b"),
                                "INVALID_ARGUMENTS")
                        .message())
                .contains("81")
                .contains("80");
        frontend.send("backend", "x".repeat(80), "b");
    }

    @Test
    @DisplayName("3C.80 an unknown kind or work_status is refused, listing the allowed values")
    void unknownKindOrWorkStatusIsRefused() {
        assertThat(frontend.refused(
                                "send_message",
                                args("to", "backend", "topic", "t", "body", "b", "kind", "chat"),
                                "INVALID_ARGUMENTS")
                        .message())
                .contains("bug, feat, proc, status, question, answer");
        assertThat(frontend.refused(
                                "send_message",
                                args("to", "backend", "topic", "t", "body", "b", "work_status", "started"),
                                "INVALID_ARGUMENTS")
                        .message())
                .contains("proposed, in_progress, done_local, needs_you, done, blocked");
    }

    @Test
    @DisplayName("3C.82 several recipients: refused for a bug, one id for a status, each with its own unread state")
    void severalRecipientsOnlyForStatus() {
        frontend.refused(
                "send_message",
                args("to", List.of("backend", "infra"), "topic", "t", "body", "b", "kind", "bug"),
                "INVALID_ARGUMENTS");
        Map<String, Object> sent = frontend.ok(
                "send_message", args("to", List.of("backend", "infra"), "topic", "t", "body", "b", "kind", "status"));
        assertThat(sent).containsEntry("id", 1L).containsEntry("recipients", List.of("backend", "infra"));

        assertThat(ids(frontend.as("backend").ok("read_inbox", args()))).containsExactly(1L);
        frontend.as("backend").ok("mark_read", args("message_id", 1));
        assertThat(ids(frontend.as("backend").ok("read_inbox", args())))
                .as("read by backend")
                .isEmpty();
        assertThat(result(frontend.as("infra").ok("read_inbox", args())))
                .singleElement()
                .satisfies(message -> assertThat(message).containsEntry("to", List.of("backend", "infra")));
    }

    @Test
    @DisplayName("3C.83 a debt to two recipients is refused")
    void aDebtToTwoRecipientsIsRefused() {
        assertThat(frontend.refused(
                                "send_message",
                                args(
                                        "to", List.of("backend", "infra"),
                                        "topic", "t",
                                        "body", "b",
                                        "kind", "status",
                                        "action_required", true),
                                "INVALID_ARGUMENTS")
                        .message())
                .startsWith("action_required:");
    }

    @Test
    @DisplayName(
            "3C.84 '*' inside a list is refused; '*' alone addresses every other known role, and none known is refused")
    void everyoneAddressing() {
        frontend.refused(
                "send_message", args("to", List.of("backend", "*"), "topic", "t", "body", "b"), "INVALID_ARGUMENTS");
        assertThat(frontend.refused("send_message", args("to", "*", "topic", "t", "body", "b"), "INVALID_ARGUMENTS")
                        .message())
                .contains("no other role is known");

        frontend.send("backend", "hello", "b");
        frontend.as("infra").send("frontend", "hi", "b");
        Map<String, Object> broadcast = frontend.ok("send_message", args("to", "*", "topic", "all", "body", "b"));
        assertThat(broadcast).containsEntry("recipients", List.of("backend", "infra"));
        assertThat(ids(frontend.as("backend").ok("read_inbox", args()))).contains(3L);
        assertThat(ids(frontend.as("infra").ok("read_inbox", args()))).containsExactly(3L);
        assertThat(frontend.ok("send_message", args("to", "*", "topic", "q", "body", "b", "kind", "question")))
                .as("a broadcast may carry any kind")
                .containsEntry("recipients", List.of("backend", "infra"));
        frontend.refused(
                "send_message",
                args("to", "*", "topic", "fix", "body", "b", "action_required", true),
                "INVALID_ARGUMENTS");
    }

    @Test
    @DisplayName("3C.91 read_inbox(limit=2) with 5 unread returns the newest 2 oldest first, and marks nothing read")
    void readInboxReturnsTheNewestInChronologicalOrder() {
        for (int i = 1; i <= 5; i++) {
            frontend.send("backend", "m" + i, "b");
        }
        MailboxHarness backendRole = frontend.as("backend");
        Map<String, Object> page = backendRole.ok("read_inbox", args("limit", 2));
        assertThat(ids(page)).containsExactly(4L, 5L);
        assertThat(page).containsEntry("truncated", Map.of("limit", 2, "returned", 2, "note", truncatedNote(page)));
        assertThat(ids(backendRole.ok("read_inbox", args()))).as("still unread").containsExactly(1L, 2L, 3L, 4L, 5L);
    }

    @Test
    @DisplayName("3C.78 without a role every mailbox tool refuses, naming the setting and AI_AGENT_CHANNEL_ROLE")
    void withoutARoleEveryToolRefuses() {
        try (MailboxHarness nobody =
                MailboxHarness.builder(backend, dir.resolve("nobody")).open(null)) {
            Map<String, Map<String, Object>> calls =
                    Map.of("send_message", args("to", "backend", "topic", "t", "body", "b"), "read_inbox", args());
            for (var call : calls.entrySet()) {
                assertThat(nobody.refused(call.getKey(), call.getValue(), "FORBIDDEN")
                                .message())
                        .contains("plugins.mailbox.role")
                        .contains("AI_AGENT_CHANNEL_ROLE");
            }
        }
    }

    @Test
    @DisplayName("a misspelt plugins.mailbox key fails the plugin at start naming it, as every plugin's settings do")
    void aMisspeltSettingFailsTheStart() {
        assertThatThrownBy(() -> MailboxHarness.builder(backend, dir.resolve("typo"))
                        .setting("strict-pin-digset", true)
                        .open("frontend")
                        .close())
                .hasStackTraceContaining("strict-pin-digset");
    }

    @Test
    @DisplayName("AI_AGENT_CHANNEL_ROLE alone gives the session its role, as the original's configurations do")
    void theOriginalsVariableIsAnAlias() {
        try (MailboxHarness legacy = MailboxHarness.builder(backend, dir.resolve("legacy"))
                .environment("AI_AGENT_CHANNEL_ROLE", "backend")
                .open(null)) {
            legacy.send("frontend", "hello", "from the alias");
            assertThat(result(legacy.as("frontend").ok("read_inbox", args())))
                    .singleElement()
                    .satisfies(message -> assertThat(message).containsEntry("from", "backend"));
        }
    }

    @Test
    @DisplayName(
            "beyond #1: the same request_key replays the first result and writes nothing; other arguments conflict")
    void requestKeysMakeRetriesSafe() {
        Map<String, Object> send = args("to", "backend", "topic", "t", "body", "b", "request_key", "k-1");
        Map<String, Object> first = frontend.ok("send_message", send);
        Map<String, Object> again = frontend.ok("send_message", send);
        assertThat(again).containsEntry("id", first.get("id")).containsEntry("replayed", true);
        assertThat(first).doesNotContainKey("replayed");
        frontend.refused(
                "send_message", args("to", "backend", "topic", "other", "body", "b", "request_key", "k-1"), "CONFLICT");
        assertThat(ids(frontend.as("backend").ok("read_inbox", args()))).containsExactly(1L);
    }

    @Test
    @DisplayName("a request_key keeps the rule of every tool's key (handoff's, workspace's): one to 200 characters of"
            + " A-Z a-z 0-9 . _ : -; a space or a non-ASCII letter is INVALID_ARGUMENTS naming it, and nothing is sent")
    void aRequestKeyWithASpaceOrNonAsciiIsRefused() {
        for (String key : List.of("two words", "clé", "k\u0435y", "", "x".repeat(201))) {
            ToolResult.Failure refused = frontend.refused(
                    "send_message",
                    args("to", "backend", "topic", "t", "body", "b", "request_key", key),
                    "INVALID_ARGUMENTS");
            assertThat(refused.details()).as(key).containsEntry("field", "request_key");
        }
        frontend.ok("send_message", args("to", "backend", "topic", "t", "body", "b", "request_key", "Ab.9_z:-"));
        assertThat(ids(frontend.as("backend").ok("read_inbox", args()))).containsExactly(1L);
    }

    private static String truncatedNote(Map<String, Object> page) {
        @SuppressWarnings("unchecked")
        Map<String, Object> truncated = (Map<String, Object>) page.get("truncated");
        return (String) truncated.get("note");
    }
}
