package dev.switchboard.plugin.mailbox.work;

import static dev.switchboard.plugin.mailbox.MailboxHarness.args;
import static dev.switchboard.plugin.mailbox.MailboxHarness.ids;
import static dev.switchboard.plugin.mailbox.MailboxHarness.result;
import static dev.switchboard.plugin.mailbox.work.DebtLoopTest.debt;
import static dev.switchboard.plugin.mailbox.work.DebtLoopTest.list;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
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
class WorkStatusTest {

    @Parameter
    String backend;

    @TempDir
    Path dir;

    private static Map<String, Object> set(MailboxHarness role, long id, String value) {
        return role.ok("set_work_status", args("message_id", id, "work_status", value));
    }

    private static long events(MailboxHarness role, long id) {
        return Store.history(role, id).size();
    }

    @Test
    @DisplayName("3C.102 done needs done_local, and the role that set done_local cannot confirm it")
    void doneIsTheOtherSidesConfirmation() {
        try (MailboxHarness frontend = MailboxHarness.open(backend, dir, "frontend")) {
            MailboxHarness backendRole = frontend.as("backend");
            long id = debt(frontend, "backend", "fix login");

            assertThat(frontend.refused("set_work_status", args("message_id", id, "work_status", "done"), "CONFLICT")
                            .message())
                    .contains("done_local");
            set(backendRole, id, "done_local");
            assertThat(backendRole
                            .refused("set_work_status", args("message_id", id, "work_status", "done"), "FORBIDDEN")
                            .message())
                    .contains("'backend' declared 'done_local'");
            assertThat(list(frontend, "awaiting_done"))
                    .extracting(entry -> entry.get("id"))
                    .containsExactly(id);
            assertThat(set(frontend, id, "done"))
                    .containsEntry("work_status", "done")
                    .containsEntry("previous", "done_local")
                    .containsEntry("already_set", false);
        }
    }

    @Test
    @DisplayName("3C.80 an unknown work_status is refused, listing the allowed values")
    void unknownValues() {
        try (MailboxHarness frontend = MailboxHarness.open(backend, dir, "frontend")) {
            long id = debt(frontend, "backend", "fix login");

            assertThat(frontend.refused(
                                    "set_work_status",
                                    args("message_id", id, "work_status", "started"),
                                    "INVALID_ARGUMENTS")
                            .message())
                    .contains("proposed, in_progress, done_local, needs_you, done, blocked");
        }
    }

    @Test
    @DisplayName("3C.103 the same value by the same role is already_set without an event; by the other role a"
            + " transition that moves the ball")
    void sameValue() {
        try (MailboxHarness frontend = MailboxHarness.open(backend, dir, "frontend")) {
            MailboxHarness backendRole = frontend.as("backend");
            long id = debt(frontend, "backend", "api shape");

            set(backendRole, id, "needs_you");
            long before = events(frontend, id);
            assertThat(set(backendRole, id, "needs_you")).containsEntry("already_set", true);
            assertThat(events(frontend, id)).isEqualTo(before);
            assertThat(list(frontend, "needs_you"))
                    .extracting(entry -> entry.get("id"))
                    .containsExactly(id);

            assertThat(set(frontend, id, "needs_you")).containsEntry("already_set", false);
            assertThat(events(frontend, id)).isEqualTo(before + 1);
            assertThat(list(backendRole, "needs_you"))
                    .extracting(entry -> entry.get("id"))
                    .containsExactly(id);
            assertThat(list(frontend, "needs_you")).isEmpty();
        }
    }

    @Test
    @DisplayName("3C.104 blocked_by must be an unresolved debt and needs blocked; leaving blocked clears it")
    void blockers() {
        try (MailboxHarness frontend = MailboxHarness.open(backend, dir, "frontend")) {
            MailboxHarness backendRole = frontend.as("backend");
            long task = debt(frontend, "backend", "ui for export");
            long plain = backendRole.send("frontend", "fyi", "no debt");
            long resolved = debt(backendRole, "frontend", "old");
            frontend.ok("resolve_message", args("message_id", resolved));
            long blocker = debt(backendRole, "frontend", "api for export");

            backendRole.refused(
                    "set_work_status",
                    args("message_id", task, "work_status", "blocked", "blocked_by", plain),
                    "INVALID_ARGUMENTS");
            backendRole.refused(
                    "set_work_status",
                    args("message_id", task, "work_status", "blocked", "blocked_by", resolved),
                    "INVALID_ARGUMENTS");
            assertThat(backendRole
                            .refused(
                                    "set_work_status",
                                    args("message_id", task, "work_status", "in_progress", "blocked_by", blocker),
                                    "INVALID_ARGUMENTS")
                            .message())
                    .contains("blocked_by");

            backendRole.ok(
                    "set_work_status", args("message_id", task, "work_status", "blocked", "blocked_by", blocker));
            assertThat(Store.message(backendRole, task).blockedBy()).containsExactly(blocker);
            assertThat(list(backendRole, "blocked"))
                    .singleElement()
                    .satisfies(
                            entry -> assertThat(entry).containsEntry("id", task).containsEntry("blocked_by", blocker));

            set(backendRole, task, "in_progress");
            assertThat(Store.message(backendRole, task).blockedBy()).isEmpty();
            assertThat(list(backendRole, "blocked")).isEmpty();
        }
    }

    @Test
    @DisplayName("3C.105 resolving the blocker surfaces the task in unblocked and ready_work; it stays blocked")
    void unblockingIsSurfacedNotApplied() {
        try (MailboxHarness frontend = MailboxHarness.open(backend, dir, "frontend")) {
            MailboxHarness backendRole = frontend.as("backend");
            long task = debt(frontend, "backend", "ui for export");
            long blocker = debt(backendRole, "frontend", "api for export");
            backendRole.ok(
                    "set_work_status", args("message_id", task, "work_status", "blocked", "blocked_by", blocker));
            assertThat(ids(backendRole.ok("ready_work", Map.of()))).doesNotContain(task);

            assertThat(frontend.ok("resolve_message", args("message_id", blocker)))
                    .containsEntry("unblocked", List.of(task));

            assertThat(list(backendRole, "unblocked"))
                    .extracting(entry -> entry.get("id"))
                    .containsExactly(task);
            assertThat(ids(backendRole.ok("ready_work", Map.of()))).contains(task);
            assertThat(Store.message(backendRole, task).workStatus()).isEqualTo("blocked");
        }
    }

    @Test
    @DisplayName("several blockers: ready_work excludes the task while any is live; unblocked reports it when the"
            + " last one is resolved")
    void severalBlockers() {
        try (MailboxHarness frontend = MailboxHarness.open(backend, dir, "frontend")) {
            MailboxHarness backendRole = frontend.as("backend");
            long task = debt(frontend, "backend", "ui for export");
            long api = debt(backendRole, "frontend", "api");
            long schema = debt(backendRole, "frontend", "schema");

            backendRole.ok(
                    "set_work_status",
                    args("message_id", task, "work_status", "blocked", "blocked_by", List.of(schema, api)));
            assertThat(Store.message(backendRole, task).blockedBy()).containsExactly(api, schema);

            assertThat(frontend.ok("resolve_message", args("message_id", api))).containsEntry("unblocked", List.of());
            assertThat(ids(backendRole.ok("ready_work", Map.of()))).doesNotContain(task);
            assertThat(list(backendRole, "blocked"))
                    .extracting(entry -> entry.get("id"))
                    .containsExactly(task);

            assertThat(frontend.ok("resolve_message", args("message_id", schema)))
                    .containsEntry("unblocked", List.of(task));
            assertThat(ids(backendRole.ok("ready_work", Map.of()))).contains(task);
            assertThat(list(backendRole, "unblocked"))
                    .singleElement()
                    .satisfies(entry -> assertThat(entry).containsEntry("blocked_by", List.of(api, schema)));
        }
    }

    @Test
    @DisplayName("3C.107 ready_work: live blockers excluded, deleted or resolved blockers included, oldest first,"
            + " with age_days and idle_days")
    void readyWork() {
        try (MailboxHarness frontend = MailboxHarness.open(backend, dir, "frontend")) {
            MailboxHarness backendRole = frontend.as("backend");
            long first = debt(frontend, "backend", "first");
            long waiting = debt(frontend, "backend", "waiting");
            long second = debt(frontend, "backend", "second");
            long blocker = debt(backendRole, "frontend", "needed");
            backendRole.ok(
                    "set_work_status", args("message_id", waiting, "work_status", "blocked", "blocked_by", blocker));

            Map<String, Object> ready = backendRole.ok("ready_work", Map.of());
            assertThat(ids(ready)).containsExactly(first, second);
            assertThat(result(ready).getFirst()).containsEntry("age_days", 0L).containsEntry("idle_days", 0L);

            frontend.ok("resolve_message", args("message_id", blocker));
            assertThat(ids(backendRole.ok("ready_work", Map.of()))).containsExactly(first, waiting, second);
            assertThat(ids(backendRole.ok("ready_work", args("limit", 1)))).containsExactly(first);
            assertThat(backendRole.ok("ready_work", args("limit", 1))).containsKey("truncated");
        }
    }

    @Test
    @DisplayName("3C.108 idle_days counts from the last transition, not from creation, and nothing closes by age")
    void idleDays() {
        try (MailboxHarness frontend = MailboxHarness.open(backend, dir, "frontend")) {
            MailboxHarness backendRole = frontend.as("backend");
            long id = debt(frontend, "backend", "old one");
            frontend.clock().advance(Duration.ofDays(30));
            set(backendRole, id, "in_progress");
            frontend.clock().advance(Duration.ofDays(2).plusHours(1));

            Map<String, Object> listing = backendRole.ok("open_obligations", Map.of());
            assertThat(listing).containsKey("generated_at");
            assertThat(result(listing))
                    .singleElement()
                    .satisfies(entry -> assertThat(entry)
                            .containsEntry("id", id)
                            .containsEntry("age_days", 32L)
                            .containsEntry("idle_days", 2L)
                            .containsEntry("status", "open"));
        }
    }

    @Test
    @DisplayName("the taken rule: a debt is untaken until the assignee moves it, and untaken again after a reopen")
    void takenRule() {
        try (MailboxHarness frontend = MailboxHarness.open(backend, dir, "frontend")) {
            MailboxHarness backendRole = frontend.as("backend");
            long id = debt(frontend, "backend", "fix login");
            assertThat(untaken(backendRole)).isEqualTo(1);

            set(backendRole, id, "in_progress");
            assertThat(untaken(backendRole)).isZero();
            assertThat(list(backendRole, "in_progress"))
                    .extracting(entry -> entry.get("id"))
                    .containsExactly(id);

            backendRole.ok("resolve_message", args("message_id", id));
            frontend.ok("reopen_message", args("message_id", id));
            assertThat(untaken(backendRole)).isEqualTo(1);
            assertThat(set(backendRole, id, "in_progress")).containsEntry("already_set", false);
            assertThat(untaken(backendRole)).isZero();
        }
    }

    @SuppressWarnings("unchecked")
    private static long untaken(MailboxHarness role) {
        Map<String, Object> counts =
                (Map<String, Object>) role.ok("channel_status", Map.of()).get("counts");
        return ((Number) counts.get("open_obligations_untaken")).longValue();
    }
}
