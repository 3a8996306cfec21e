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

/** mark_read and list_messages, on both backends. */
@ParameterizedClass(name = "on {0}")
@ValueSource(strings = {"sqlite", "postgres"})
class ReadStateAndListingTest {

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
            "3C.92 mark_read: a foreign message refused, a batch with one foreign id marks nothing, one argument exactly, a batch answers a list")
    void markReadRules() {
        long mine = frontend.send("backend", "a", "b");
        long alsoMine = frontend.send("backend", "c", "d");
        long foreign = backendRole.send("infra", "e", "f");

        backendRole.refused("mark_read", args("message_id", foreign), "FORBIDDEN");
        frontend.refused("mark_read", args("message_id", mine), "FORBIDDEN");
        backendRole.refused("mark_read", args("message_ids", List.of(mine, foreign)), "FORBIDDEN");
        backendRole.refused("mark_read", args("message_ids", List.of(mine, 999999)), "NOT_FOUND");
        assertThat(ids(backendRole.ok("read_inbox", args())))
                .as("nothing was marked")
                .containsExactly(mine, alsoMine);
        backendRole.refused("mark_read", args(), "INVALID_ARGUMENTS");
        backendRole.refused("mark_read", args("message_id", mine, "message_ids", List.of(mine)), "INVALID_ARGUMENTS");

        Map<String, Object> batch = backendRole.ok("mark_read", args("message_ids", List.of(mine, alsoMine)));
        assertThat(ids(batch)).containsExactly(mine, alsoMine);
        Map<String, Object> single = backendRole.ok("mark_read", args("message_id", mine));
        assertThat(single.get("read_at"))
                .as("the first read_at is kept")
                .isEqualTo(result(batch).getFirst().get("read_at"));
    }

    @Test
    @DisplayName("3C.93 (mark_read half) after mark_read the unread inbox loses exactly that message")
    void markReadLowersUnreadByOne() {
        for (int i = 0; i < 3; i++) {
            frontend.send("backend", "m" + i, "b");
        }
        backendRole.ok("read_inbox", args());
        assertThat(ids(backendRole.ok("read_inbox", args("unread_only", true)))).hasSize(3);
        backendRole.ok("mark_read", args("message_id", 2));
        assertThat(ids(backendRole.ok("read_inbox", args("unread_only", true)))).containsExactly(1L, 3L);
        assertThat(ids(backendRole.ok("read_inbox", args("unread_only", false))))
                .containsExactly(1L, 2L, 3L);
    }

    @Test
    @DisplayName(
            "read_inbox: a role's messages behind many newer ones to others are found, newest first, shown oldest first,"
                    + " unread or all, and marked delivered (ADR 72)")
    void inboxReachesPastTheChannelsNewest() {
        long oldest = frontend.send("backend", "old 1", "b");
        long older = frontend.send("backend", "old 2", "b");
        for (int i = 0; i < 12; i++) {
            frontend.send("infra", "other " + i, "b");
        }
        long newest = frontend.send("backend", "new", "b");
        frontend.send("infra", "after", "b");

        Map<String, Object> two = backendRole.ok("read_inbox", args("limit", 2));
        assertThat(ids(two)).containsExactly(older, newest);
        assertThat(two).containsKey("truncated");
        assertThat(result(two))
                .allSatisfy(entry -> assertThat(entry.get("opened_at")).isNotNull());
        Map<String, Object> all = backendRole.ok("read_inbox", args("limit", 5));
        assertThat(ids(all)).containsExactly(oldest, older, newest);
        assertThat(all).doesNotContainKey("truncated");
        assertThat(result(all).get(1).get("opened_at"))
                .as("delivery is recorded once")
                .isEqualTo(result(two).getFirst().get("opened_at"));

        backendRole.ok("mark_read", args("message_ids", List.of(newest, oldest)));
        assertThat(ids(backendRole.ok("read_inbox", args("limit", 1)))).containsExactly(older);
        assertThat(ids(backendRole.ok("read_inbox", args("limit", 1, "unread_only", false))))
                .containsExactly(newest);
        assertThat(ids(frontend.as("nobody").ok("read_inbox", args("unread_only", false))))
                .isEmpty();
    }

    @Test
    @DisplayName(
            "3C.94 list_messages: literal text, ASCII case-insensitive topic, since parsing, limit and filter bounds")
    void listFilters() {
        long literal = frontend.send("backend", "Sale", "get 50%_off today");
        frontend.send("backend", "other", "get 50% off, 50 off");
        assertThat(ids(frontend.ok("list_messages", args("text", "50%_off")))).containsExactly(literal);
        assertThat(ids(frontend.ok("list_messages", args("topic", "sALE")))).containsExactly(literal);
        frontend.refused("list_messages", args("since", "yesterday"), "INVALID_ARGUMENTS");
        assertThat(ids(frontend.ok("list_messages", args("since", "2026-08-10"))))
                .hasSize(2);
        assertThat(ids(frontend.ok("list_messages", args("since", "2026-08-11"))))
                .isEmpty();
        assertThat(ids(frontend.ok("list_messages", args("since", "2026-08-10 11:00:00+02:00"))))
                .hasSize(2);
        frontend.refused("list_messages", args("limit", 0), "INVALID_ARGUMENTS");
        frontend.refused("list_messages", args("limit", 1001), "INVALID_ARGUMENTS");
        frontend.refused("list_messages", args("topic", "x".repeat(201)), "INVALID_ARGUMENTS");
        frontend.refused("list_messages", args("kind", "chat"), "INVALID_ARGUMENTS");
    }

    @Test
    @DisplayName("list_messages: to_role matches multi-recipient and '*' messages, newest first")
    void toRoleMatchesBroadcasts() {
        frontend.send("backend", "one", "b");
        frontend.as("infra").send("frontend", "two", "b");
        frontend.send(args("to", "*", "topic", "three", "body", "b"));
        assertThat(ids(frontend.ok("list_messages", args("to_role", "infra")))).containsExactly(3L);
        assertThat(ids(frontend.ok("list_messages", args("to_role", "backend"))))
                .containsExactly(3L, 1L);
        assertThat(ids(frontend.ok("list_messages", args("from_role", "infra"))))
                .containsExactly(2L);
    }

    @Test
    @DisplayName("3C.95 more rows than limit gives truncated {limit, returned, note}; otherwise no truncated")
    void truncation() {
        for (int i = 0; i < 3; i++) {
            frontend.send("backend", "m" + i, "b");
        }
        Map<String, Object> cut = frontend.ok("list_messages", args("limit", 2));
        assertThat(ids(cut)).containsExactly(3L, 2L);
        @SuppressWarnings("unchecked")
        Map<String, Object> truncated = (Map<String, Object>) cut.get("truncated");
        assertThat(truncated)
                .containsEntry("limit", 2)
                .containsEntry("returned", 2)
                .containsKey("note");
        assertThat(frontend.ok("list_messages", args("limit", 3))).doesNotContainKey("truncated");
    }

    @Test
    @DisplayName(
            "3C.96 fields: headers drop the body but keep digests and acks; an exact list; unknown or empty refused; from_role alias")
    void projections() {
        frontend.send(Proposals.proc("backend", "p", "b", null, null));
        Map<String, Object> headers =
                result(frontend.ok("list_messages", args("fields", "headers"))).getFirst();
        assertThat(headers).doesNotContainKey("body").containsKeys("body_sha256", "acks", "id", "from", "to");
        assertThat(result(frontend.ok("list_messages", args("fields", List.of("id", "topic"))))
                        .getFirst())
                .containsOnlyKeys("id", "topic");
        frontend.refused("list_messages", args("fields", List.of("nope")), "INVALID_ARGUMENTS");
        frontend.refused("list_messages", args("fields", List.of()), "INVALID_ARGUMENTS");
        assertThat(result(frontend.ok("list_messages", args("fields", List.of("id", "from_role"))))
                        .getFirst())
                .containsOnlyKeys("id", "from");
    }
}
