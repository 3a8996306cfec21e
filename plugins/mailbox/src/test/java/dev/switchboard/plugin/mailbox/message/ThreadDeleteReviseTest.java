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
import dev.switchboard.plugin.mailbox.channel.application.Untrusted;
import dev.switchboard.plugin.mailbox.channel.domain.Digest;

/** get_thread, delete_message, revise_message and message_history, on both backends. */
@ParameterizedClass(name = "on {0}")
@ValueSource(strings = {"sqlite", "postgres"})
class ThreadDeleteReviseTest {

    @Parameter
    String backend;

    @TempDir
    Path dir;

    private MailboxHarness frontend;
    private MailboxHarness backendRole;

    @BeforeEach
    void open() {
        frontend = MailboxHarness.open(backend, dir, "frontend");
        backendRole = frontend.as("backend");
    }

    @AfterEach
    void close() {
        frontend.close();
    }

    @Test
    @DisplayName(
            "3C.109 delete refusals: an open debt, a resolved-unconfirmed debt, a pin approval, someone else's proc")
    void deleteRefusals() {
        long debt = frontend.send(args("to", "backend", "topic", "fix", "body", "b", "action_required", true));
        assertThat(backendRole
                        .refused("delete_message", args("message_id", debt), "CONFLICT")
                        .message())
                .contains("open debt");
        Rows.resolve(frontend.storage(), debt, "backend");
        assertThat(backendRole
                        .refused("delete_message", args("message_id", debt), "CONFLICT")
                        .message())
                .contains("confirm");
        Rows.event(frontend.storage(), debt, "resolution_confirmed", "frontend");
        backendRole.ok("delete_message", args("message_id", debt));

        long proposal = frontend.send(Proposals.proc("backend", "p", "b", "notes", null));
        backendRole.refused("delete_message", args("message_id", proposal), "FORBIDDEN");
        Rows.pin(frontend.storage(), "notes", proposal);
        frontend.refused("delete_message", args("message_id", proposal), "CONFLICT");
    }

    @Test
    @DisplayName(
            "3C.109 a deleted message leaves inbox and lists, stays in get_thread as a tombstone, and its nudges are superseded")
    void deletionLeavesATombstoneAndRetiresNudges() {
        long root = frontend.send("backend", "question", "b");
        long reply = backendRole.send(args("to", "frontend", "topic", "re", "body", "answer", "reply_to", root));
        long nudge = backendRole.send(Proposals.proc("frontend", "ping", "b", null, reply));
        long nudgeOfNudge = backendRole.send(Proposals.proc("frontend", "ping", "b", null, nudge));

        Map<String, Object> deleted = backendRole.ok("delete_message", args("message_id", reply));
        assertThat(deleted)
                .containsEntry("id", reply)
                .containsEntry("deleted", true)
                .containsEntry("superseded", List.of(nudge, nudgeOfNudge));

        assertThat(ids(frontend.ok("read_inbox", args()))).doesNotContain(reply);
        assertThat(ids(frontend.ok("list_messages", args()))).doesNotContain(reply);
        List<Map<String, Object>> thread = result(frontend.ok("get_thread", args("message_id", root)));
        assertThat(thread).extracting(message -> message.get("id")).containsExactly(root, reply);
        assertThat(thread.get(1).get("deleted_at")).isNotNull();
        assertThat(result(frontend.ok("list_messages", args())))
                .filteredOn(message -> message.get("id").equals(nudge))
                .singleElement()
                .satisfies(message -> assertThat(message.get("superseded_at")).isNotNull());
    }

    @Test
    @DisplayName("3C.106 (delete) a role that is neither sender nor recipient cannot delete")
    void aThirdRoleCannotDelete() {
        long id = frontend.send("backend", "t", "b");
        frontend.as("infra").refused("delete_message", args("message_id", id), "FORBIDDEN");
    }

    @Test
    @DisplayName("3C.110 any operation on a deleted message is not found")
    void deletedMessagesAreNotFound() {
        long id = frontend.send("backend", "t", "b");
        frontend.ok("delete_message", args("message_id", id));
        frontend.refused("delete_message", args("message_id", id), "NOT_FOUND");
        frontend.refused("revise_message", args("message_id", id, "body", "x"), "NOT_FOUND");
        frontend.refused("get_thread", args("message_id", id), "NOT_FOUND");
        frontend.refused("message_history", args("message_id", id), "NOT_FOUND");
        backendRole.refused("mark_read", args("message_id", id), "NOT_FOUND");
        frontend.refused(
                "send_message", args("to", "backend", "topic", "t", "body", "b", "reply_to", id), "INVALID_ARGUMENTS");
    }

    @Test
    @DisplayName(
            "3C.116 revise: author only, refused once it approved a pin, unchanged for the same text, history records the digests")
    void reviseRules() {
        long proposal = frontend.send(Proposals.proc("backend", "p", "first", "notes", null));
        Rows.ack(frontend.storage(), proposal, "backend", "agree", "2026-08-10T09:00:00.500Z");
        backendRole.refused("revise_message", args("message_id", proposal, "body", "mine"), "FORBIDDEN");
        assertThat(frontend.ok("revise_message", args("message_id", proposal, "body", "first")))
                .containsEntry("unchanged", true);

        Map<String, Object> revised =
                frontend.ok("revise_message", args("message_id", proposal, "body", "second", "note", "typo"));
        assertThat(revised)
                .containsEntry("previous_body_sha256", Digest.of("first").sha256())
                .containsEntry("body_sha256", Digest.of("second").sha256())
                .containsEntry("quenched_votes", 1)
                .containsKey("revised_at");
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> events = (List<Map<String, Object>>)
                frontend.ok("message_history", args("message_id", proposal)).get("events");
        assertThat(events).singleElement().satisfies(event -> {
            assertThat(event).containsEntry("event", "revision").containsEntry("role", "frontend");
            assertThat((String) event.get("note"))
                    .contains(Digest.of("first").sha256())
                    .contains(Digest.of("second").sha256())
                    .contains("bytes 5 -> 6")
                    .contains("typo");
        });
        assertThat(result(backendRole.ok("read_inbox", args())).getFirst()).containsEntry("body", "second");

        Rows.pin(frontend.storage(), "notes", proposal);
        frontend.refused("revise_message", args("message_id", proposal, "body", "third"), "CONFLICT");
    }

    @Test
    @DisplayName("message_history lists a send-time work status as the sender's transition, oldest first")
    void historyIsOldestFirst() {
        long id = frontend.send(args("to", "backend", "topic", "t", "body", "b", "work_status", "proposed"));
        frontend.ok("revise_message", args("message_id", id, "body", "c"));
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> events = (List<Map<String, Object>>)
                backendRole.ok("message_history", args("message_id", id)).get("events");
        assertThat(events).extracting(event -> event.get("event")).containsExactly("work_status:proposed", "revision");
        assertThat(backendRole.ok("message_history", args("message_id", id)))
                .as("notes are peers' text")
                .containsEntry(Untrusted.FIELD, Untrusted.NOTE);
    }
}
