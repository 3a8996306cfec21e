package dev.switchboard.plugin.mailbox.work;

import static dev.switchboard.plugin.mailbox.MailboxHarness.args;
import static dev.switchboard.plugin.mailbox.MailboxHarness.ids;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

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
class DebtLoopTest {

    @Parameter
    String backend;

    @TempDir
    Path dir;

    static long debt(MailboxHarness from, String to, String topic) {
        return from.send(args("to", to, "topic", topic, "body", "please", "action_required", true));
    }

    @SuppressWarnings("unchecked")
    static List<Map<String, Object>> list(MailboxHarness role, String name) {
        return (List<Map<String, Object>>) role.ok("channel_status", Map.of()).get(name);
    }

    @Test
    @DisplayName("3C.98 resolve: not a debt refused, a third role forbidden, a second resolve keeps the first note")
    void resolve() {
        try (MailboxHarness frontend = MailboxHarness.open(backend, dir, "frontend")) {
            MailboxHarness backendRole = frontend.as("backend");
            long plain = frontend.send("backend", "fyi", "no debt here");
            long id = debt(frontend, "backend", "fix login");

            assertThat(backendRole
                            .refused("resolve_message", args("message_id", plain), "INVALID_ARGUMENTS")
                            .message())
                    .contains("not action_required");
            assertThat(frontend.as("infra")
                            .refused("resolve_message", args("message_id", id), "FORBIDDEN")
                            .message())
                    .contains("'infra' cannot resolve");

            Map<String, Object> first =
                    backendRole.ok("resolve_message", args("message_id", id, "resolution_note", "fixed in 1.4"));
            assertThat(first)
                    .containsEntry("status", "resolved")
                    .containsEntry("resolved_by", "backend")
                    .containsEntry("already_resolved", false)
                    .containsEntry("unblocked", List.of());
            Map<String, Object> second =
                    frontend.ok("resolve_message", args("message_id", id, "resolution_note", "other note"));
            assertThat(second)
                    .containsEntry("already_resolved", true)
                    .containsEntry("resolved_by", "backend")
                    .containsEntry("resolved_at", first.get("resolved_at"));
            assertThat(ids(frontend.ok("open_obligations", args("to_role", "backend"))))
                    .isEmpty();
            assertThat(Store.history(frontend, id))
                    .extracting(e -> e.get("event"), e -> e.get("role"), e -> e.get("note"))
                    .containsExactly(tuple("resolve", "backend", "fixed in 1.4"));
        }
    }

    @Test
    @DisplayName("3C.99 confirm: the resolver is forbidden, an open debt refused, a second confirm already_confirmed,"
            + " a re-resolve needs a new confirm")
    void confirm() {
        try (MailboxHarness frontend = MailboxHarness.open(backend, dir, "frontend")) {
            MailboxHarness backendRole = frontend.as("backend");
            long id = debt(frontend, "backend", "fix login");

            frontend.refused("confirm_resolution", args("message_id", id), "CONFLICT");
            backendRole.ok("resolve_message", args("message_id", id));
            assertThat(backendRole
                            .refused("confirm_resolution", args("message_id", id), "FORBIDDEN")
                            .message())
                    .contains("cannot also confirm");
            assertThat(frontend.ok("confirm_resolution", args("message_id", id, "note", "checked")))
                    .containsEntry("already_confirmed", false);
            assertThat(frontend.ok("confirm_resolution", args("message_id", id)))
                    .containsEntry("already_confirmed", true);

            frontend.ok("reopen_message", args("message_id", id, "reason", "broke again"));
            backendRole.ok("resolve_message", args("message_id", id));
            assertThat(frontend.ok("confirm_resolution", args("message_id", id)))
                    .containsEntry("already_confirmed", false);
        }
    }

    @Test
    @DisplayName("3C.100 reopen: an open debt is already_open; the assignee reopens a resolved one, clearing the"
            + " resolution, with a reopen event")
    void reopen() {
        try (MailboxHarness frontend = MailboxHarness.open(backend, dir, "frontend")) {
            MailboxHarness backendRole = frontend.as("backend");
            long id = debt(frontend, "backend", "fix login");

            assertThat(backendRole.ok("reopen_message", args("message_id", id))).containsEntry("already_open", true);
            backendRole.ok("resolve_message", args("message_id", id, "resolution_note", "done"));
            assertThat(backendRole.ok("reopen_message", args("message_id", id, "reason", "incomplete")))
                    .containsEntry("status", "open")
                    .containsEntry("already_open", false);

            Map<String, Object> entry = MailboxHarness.result(backendRole.ok("open_obligations", Map.of()))
                    .getFirst();
            assertThat(entry).containsEntry("id", id).containsEntry("status", "open");
            assertThat(entry.get("resolved_by")).isNull();
            assertThat(entry.get("resolved_at")).isNull();
            assertThat(entry.get("resolution_note")).isNull();
            assertThat(Store.history(frontend, id))
                    .extracting(e -> e.get("event"), e -> e.get("role"), e -> e.get("note"))
                    .containsExactly(tuple("resolve", "backend", "done"), tuple("reopen", "backend", "incomplete"));
        }
    }

    @Test
    @DisplayName("3C.101 the author's resolved_for_you after the assignee resolves; the assignee's after a withdrawal")
    void resolvedForYou() {
        try (MailboxHarness frontend = MailboxHarness.open(backend, dir, "frontend")) {
            MailboxHarness backendRole = frontend.as("backend");
            long done = debt(frontend, "backend", "fix login");
            long withdrawn = debt(frontend, "backend", "not needed");

            backendRole.ok("resolve_message", args("message_id", done, "resolution_note", "shipped"));
            frontend.ok("resolve_message", args("message_id", withdrawn, "resolution_note", "cancelled"));

            assertThat(list(frontend, "resolved_for_you"))
                    .singleElement()
                    .satisfies(entry -> assertThat(entry)
                            .containsEntry("id", done)
                            .containsEntry("topic", "fix login")
                            .containsEntry("resolved_by", "backend")
                            .containsEntry("resolution_note", "shipped")
                            .containsKey("resolved_at"));
            assertThat(list(backendRole, "resolved_for_you"))
                    .extracting(entry -> entry.get("id"))
                    .containsExactly(withdrawn);

            frontend.ok("confirm_resolution", args("message_id", done));
            assertThat(list(frontend, "resolved_for_you")).isEmpty();
            backendRole.ok("reopen_message", args("message_id", withdrawn));
            assertThat(list(backendRole, "resolved_for_you")).isEmpty();
        }
    }

    @Test
    @DisplayName("3C.106 a role that is neither sender nor recipient cannot set_work_status, resolve or reopen")
    void outsidersAreForbidden() {
        try (MailboxHarness frontend = MailboxHarness.open(backend, dir, "frontend")) {
            long id = debt(frontend, "backend", "fix login");
            MailboxHarness infra = frontend.as("infra");

            infra.refused("set_work_status", args("message_id", id, "work_status", "in_progress"), "FORBIDDEN");
            infra.refused("resolve_message", args("message_id", id), "FORBIDDEN");
            infra.refused("reopen_message", args("message_id", id), "FORBIDDEN");
            infra.refused("confirm_resolution", args("message_id", id), "FORBIDDEN");
            assertThat(Store.history(frontend, id)).isEmpty();
        }
    }

    @Test
    @DisplayName("3C.110 work tools on a deleted message answer not found")
    void deletedMessagesAreNotFound() {
        try (MailboxHarness frontend = MailboxHarness.open(backend, dir, "frontend")) {
            long id = frontend.send("backend", "fyi", "plain");
            frontend.ok("delete_message", args("message_id", id));

            frontend.refused("set_work_status", args("message_id", id, "work_status", "done_local"), "NOT_FOUND");
            frontend.refused("resolve_message", args("message_id", id), "NOT_FOUND");
            frontend.refused("reopen_message", args("message_id", 999_999), "NOT_FOUND");
        }
    }

    @Test
    @DisplayName("a retried resolve with the same request_key replays the first answer; other arguments are refused")
    void requestKeysMakeRetriesSafe() {
        try (MailboxHarness frontend = MailboxHarness.open(backend, dir, "frontend")) {
            MailboxHarness backendRole = frontend.as("backend");
            long id = debt(frontend, "backend", "fix login");

            Map<String, Object> first = backendRole.ok("resolve_message", args("message_id", id, "request_key", "r-1"));
            assertThat(backendRole.ok("resolve_message", args("message_id", id, "request_key", "r-1")))
                    .containsEntry("replayed", true)
                    .containsEntry("already_resolved", false)
                    .containsEntry("resolved_at", first.get("resolved_at"));
            backendRole.refused(
                    "resolve_message",
                    args("message_id", id, "resolution_note", "x", "request_key", "r-1"),
                    "CONFLICT");
        }
    }
}
