package dev.switchboard.plugin.mailbox.message;

import static dev.switchboard.plugin.mailbox.MailboxHarness.args;
import static dev.switchboard.plugin.mailbox.MailboxHarness.ids;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ValueSource;

import dev.switchboard.plugin.mailbox.CommandRun;
import dev.switchboard.plugin.mailbox.MailboxHarness;
import dev.switchboard.plugin.mailbox.message.adapter.in.cli.RemoveRoleCommand;
import dev.switchboard.ports.tool.ToolResult;

/**
 * Role arguments that name no role of the channel: UNKNOWN_ROLE naming the roles, never
 * an empty answer, in a local channel (the hosted half is in HostedAddressingTest); a local channel's first message to or from a role says it made the
 * role ({@code new_roles}), its roster is capped, and the owner removes a mistyped role. On both backends.
 */
@ParameterizedClass(name = "on {0}")
@ValueSource(strings = {"sqlite", "postgres"})
class RoleArgumentsTest {

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
    @DisplayName("a local channel's unknown role in any role argument is UNKNOWN_ROLE naming the roles, never []")
    void unknownRoleArgumentsAreRefusedInALocalChannel() {
        frontend.send("backend", "t", "hello");

        List<Map.Entry<String, Map<String, Object>>> calls = List.of(
                Map.entry("open_obligations", args("to_role", "nosuchrole")),
                Map.entry("awaiting_ack", args("to_role", "nosuchrole")),
                Map.entry("awaiting_ack", args("from_role", "nosuchrole")),
                Map.entry("list_messages", args("to_role", "nosuchrole")),
                Map.entry("list_messages", args("from_role", "nosuchrole")),
                Map.entry("search_messages", args("query", "hello", "from_role", "nosuchrole")),
                Map.entry("search_messages", args("query", "hello", "to_role", "nosuchrole")));

        for (Map.Entry<String, Map<String, Object>> call : calls) {
            ToolResult.Failure refused = frontend.refused(call.getKey(), call.getValue(), "UNKNOWN_ROLE");
            assertThat(refused.message())
                    .as(call.toString())
                    .contains("'nosuchrole' is not a role of this channel", "backend, frontend", "first message");
            assertThat(refused.details())
                    .as(call.toString())
                    .containsEntry("roles", List.of("backend", "frontend"))
                    .containsKey("field");
        }
        assertThat(ids(frontend.ok("list_messages", args("to_role", "backend"))))
                .containsExactly(1L);
        assertThat(ids(frontend.ok("search_messages", args("query", "hello", "from_role", "frontend"))))
                .containsExactly(1L);
    }

    @Test
    @DisplayName("the caller's own role is accepted before its first message; any other is unknown in an empty channel")
    void ownRoleIsKnownBeforeItsFirstMessage() {
        assertThat(frontend.ok("open_obligations", args("to_role", "frontend")).get("result"))
                .isEqualTo(List.of());
        assertThat(frontend.ok("awaiting_ack", Map.of()).get("result")).isEqualTo(List.of());

        assertThat(frontend.refused("list_messages", args("from_role", "backend"), "UNKNOWN_ROLE")
                        .message())
                .contains("its roles: none yet");
    }

    @Test
    @DisplayName("a local send says which roles its message made (new_roles), and says nothing once they are known")
    void theFirstMessageToOrFromARoleSaysItMadeTheRole() {
        Map<String, Object> first = frontend.ok("send_message", args("to", "backend", "topic", "t", "body", "b"));
        Map<String, Object> second = frontend.ok("send_message", args("to", "backend", "topic", "t", "body", "b"));
        Map<String, Object> typo = frontend.ok("send_message", args("to", "bakend", "topic", "t", "body", "b"));

        assertThat(first.get("new_roles")).isEqualTo(List.of("frontend", "backend"));
        assertThat(second).doesNotContainKey("new_roles");
        assertThat(typo.get("new_roles")).isEqualTo(List.of("bakend"));
        assertThat(frontend.as("backend").ok("list_roles", Map.of()).get("roles"))
                .isEqualTo(List.of("backend", "bakend", "frontend"));
    }

    @Test
    @DisplayName("a send to a list tells new roles from roles known only as senders or only as recipients")
    void aListedSendNamesOnlyTheRolesItMade() {
        frontend.ok("send_message", args("to", "backend", "topic", "t", "body", "b"));
        frontend.as("carol").ok("send_message", args("to", "frontend", "topic", "t", "body", "b"));
        List<String> seven = List.of("backend", "carol", "dave", "e1", "e2", "e3", "e4");

        Map<String, Object> listed =
                frontend.as("zed").ok("send_message", args("to", seven, "kind", "status", "topic", "t", "body", "b"));
        Map<String, Object> again =
                frontend.as("zed").ok("send_message", args("to", seven, "kind", "status", "topic", "t", "body", "b"));

        assertThat(listed.get("new_roles")).isEqualTo(List.of("zed", "dave", "e1", "e2", "e3", "e4"));
        assertThat(again).doesNotContainKey("new_roles");
    }

    @Test
    @DisplayName("a local roster holds at most 32 roles: a send that would pass it is refused and stores nothing")
    void aLocalRosterIsCapped() {
        // 40 names: within a message's 64 recipients (RecipientCapTest), past the roster's 32 with the sender
        List<String> invented =
                IntStream.range(0, 40).mapToObj(i -> "ghost" + i).toList();

        ToolResult.Failure refused = frontend.refused(
                "send_message", args("to", invented, "kind", "status", "topic", "t", "body", "b"), "INVALID_ARGUMENTS");

        assertThat(refused.message()).startsWith("to:").contains("at most 32 roles", "switchboard mailbox remove-role");
        assertThat(frontend.ok("list_messages", Map.of()).get("result")).isEqualTo(List.of());
        assertThat(frontend.send(args("to", invented.subList(0, 31), "kind", "status", "topic", "t", "body", "b")))
                .isEqualTo(1L);
        assertThat(frontend.refused(
                                "send_message",
                                args("to", "one-too-many", "topic", "t", "body", "b"),
                                "INVALID_ARGUMENTS")
                        .message())
                .contains("a channel that has 32");
    }

    @Test
    @DisplayName("the owner removes a mistyped role (only ever addressed): its lone messages become tombstones")
    void theOwnerRemovesAMistypedRoleAndOnlyThat() {
        frontend.send("backend", "t", "real");
        frontend.send("bakend", "t", "typo");
        frontend.send(args("to", List.of("backend", "bakend"), "kind", "status", "topic", "t", "body", "both"));

        CommandRun spoke = CommandRun.of(frontend, new RemoveRoleCommand(), "", "frontend");
        CommandRun unknown = CommandRun.of(frontend, new RemoveRoleCommand(), "", "nosuch");
        CommandRun removed = CommandRun.of(frontend, new RemoveRoleCommand(), "", "bakend");

        assertThat(spoke.status()).isEqualTo(3);
        assertThat(spoke.err()).contains("'frontend' has acted", "nothing was removed");
        assertThat(unknown.status()).isEqualTo(2);
        assertThat(unknown.err())
                .startsWith("switchboard: 'nosuch' is not a role of this channel (its roles: backend, bakend,");
        assertThat(removed.status()).isZero();
        assertThat(removed.out())
                .contains("removed role 'bakend' from channel 'local'", "recipient of 2 message(s); 1 of them", "#2")
                .contains("its roles now: backend, frontend");
        assertThat(frontend.ok("list_roles", Map.of()).get("roles")).isEqualTo(List.of("backend", "frontend"));
        assertThat(ids(frontend.ok("list_messages", Map.of()))).containsExactly(3L, 1L);
        assertThat(frontend.ok("send_message", args("to", "*", "topic", "t", "body", "all"))
                        .get("recipients"))
                .isEqualTo(List.of("backend"));
        assertThat(frontend.refused("list_messages", args("to_role", "bakend"), "UNKNOWN_ROLE")
                        .details())
                .containsEntry("roles", List.of("backend", "frontend"));
    }
}
