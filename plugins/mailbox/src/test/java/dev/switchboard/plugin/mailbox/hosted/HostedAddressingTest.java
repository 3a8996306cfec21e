package dev.switchboard.plugin.mailbox.hosted;

import static dev.switchboard.plugin.mailbox.MailboxHarness.args;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.LinkedHashMap;
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
import dev.switchboard.ports.call.Principal;

/** A hosted channel's roster in the mailbox tools (behaviours 85, 86, 128 hosted half), on both backends. */
@ParameterizedClass(name = "on {0}")
@ValueSource(strings = {"sqlite", "postgres"})
class HostedAddressingTest {

    @Parameter
    String backend;

    @TempDir
    Path dir;

    private MailboxHarness harness;
    private Hosted hosted;
    private Principal a;
    private Principal b;

    @BeforeEach
    void open() {
        harness = MailboxHarness.builder(backend, dir).open(null);
        hosted = new Hosted(harness);
        Map<String, String> tokens = hosted.create("proj", "a", "b", "c");
        a = hosted.principal(tokens.get("a"));
        b = hosted.principal(tokens.get("b"));
    }

    @AfterEach
    void close() {
        harness.close();
    }

    @Test
    @DisplayName("3C.85 addressing a role not in the channel is refused, naming the roster; '*' addresses the roster")
    void addressingIsCheckedAgainstTheRoster() {
        String refusal = hosted.refused(a, "send_message", args("to", "zed", "topic", "t", "body", "x"), "UNKNOWN_ROLE")
                .message();
        assertThat(refusal).startsWith("to:").contains("zed", "a, b, c");
        hosted.refused(
                a,
                "send_message",
                args("to", List.of("b", "zed"), "kind", "status", "topic", "t", "body", "x"),
                "UNKNOWN_ROLE");

        long id = ((Number) hosted.ok(a, "send_message", args("to", "*", "topic", "all", "body", "to everyone"))
                        .get("id"))
                .longValue();

        assertThat(hosted.ok(b, "read_inbox", Map.of()).toString()).contains("to everyone");
        assertThat(id).isEqualTo(1);
    }

    @Test
    @DisplayName("a role argument off the roster is UNKNOWN_ROLE naming the roster, never an empty answer")
    void unknownRoleArgumentsAreRefused() {
        hosted.ok(a, "send_message", args("to", "b", "topic", "t", "body", "x"));

        for (Map.Entry<String, Map<String, Object>> call : List.of(
                Map.entry("open_obligations", args("to_role", "nosuchrole")),
                Map.entry("awaiting_ack", args("to_role", "nosuchrole")),
                Map.entry("awaiting_ack", args("from_role", "nosuchrole")),
                Map.entry("list_messages", args("to_role", "nosuchrole")),
                Map.entry("search_messages", args("query", "x", "from_role", "nosuchrole")))) {
            var refused = hosted.refused(a, call.getKey(), call.getValue(), "UNKNOWN_ROLE");
            assertThat(refused.message()).as(call.toString()).contains("'nosuchrole'", "a, b, c", "add_role");
            assertThat(refused.details()).as(call.toString()).containsEntry("roles", List.of("a", "b", "c"));
        }
        assertThat(hosted.ok(a, "open_obligations", args("to_role", "c")).get("result"))
                .isEqualTo(List.of());
        assertThat(hosted.ok(a, "list_messages", args("to_role", "b")).get("result"))
                .asList()
                .hasSize(1);
    }

    @Test
    @DisplayName("3C.86 a hosted pin proposal goes to every other role and declares voters on the roster")
    void hostedProposalRules() {
        Map<String, Object> base = args(
                "kind",
                "proc",
                "pin_key",
                "charter",
                "about_message_id",
                null,
                "topic",
                "charter",
                "body",
                "the rules");
        Map<String, Object> notAll = new LinkedHashMap<>(base);
        notAll.put("to", "b");
        notAll.put("voters", List.of("b"));
        assertThat(hosted.refused(a, "send_message", notAll, "INVALID_ARGUMENTS")
                        .message())
                .contains("every other role");
        Map<String, Object> noVoters = new LinkedHashMap<>(base);
        noVoters.put("to", "*");
        assertThat(hosted.refused(a, "send_message", noVoters, "INVALID_ARGUMENTS")
                        .message())
                .contains("voters");
        Map<String, Object> stranger = new LinkedHashMap<>(noVoters);
        stranger.put("voters", List.of("b", "zed"));
        assertThat(hosted.refused(a, "send_message", stranger, "UNKNOWN_ROLE").message())
                .startsWith("voters:")
                .contains("zed", "a, b, c");
        Map<String, Object> empty = new LinkedHashMap<>(noVoters);
        empty.put("voters", List.of());
        hosted.refused(a, "send_message", empty, "INVALID_ARGUMENTS");
        Map<String, Object> onlyAuthor = new LinkedHashMap<>(noVoters);
        onlyAuthor.put("voters", List.of("a"));
        hosted.refused(a, "send_message", onlyAuthor, "INVALID_ARGUMENTS");
        hosted.refused(
                a, "send_message", args("to", "b", "topic", "t", "body", "x", "voters", "*"), "INVALID_ARGUMENTS");

        Map<String, Object> good = new LinkedHashMap<>(noVoters);
        good.put("voters", "*");
        hosted.ok(a, "send_message", good);
    }

    @Test
    @DisplayName("3C.128 (hosted) list_roles answers the registry's roles with source channel-registry")
    void listRolesFromTheRegistry() {
        assertThat(hosted.ok(b, "list_roles", Map.of()))
                .containsEntry("roles", List.of("a", "b", "c"))
                .containsEntry("you", "b")
                .containsEntry("source", "channel-registry");
    }
}
