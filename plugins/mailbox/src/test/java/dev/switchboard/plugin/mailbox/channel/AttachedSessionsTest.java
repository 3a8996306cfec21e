package dev.switchboard.plugin.mailbox.channel;

import static dev.switchboard.plugin.mailbox.MailboxHarness.args;
import static dev.switchboard.plugin.mailbox.MailboxHarness.result;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.inject.Key;
import com.google.inject.TypeLiteral;

import dev.switchboard.plugin.mailbox.MailboxHarness;
import dev.switchboard.plugin.mailbox.channel.adapter.in.tool.ChannelTool;
import dev.switchboard.plugin.mailbox.channel.application.Caller;
import dev.switchboard.plugin.mailbox.channel.application.CallerResolver;
import dev.switchboard.ports.call.LocalSession;
import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.resource.ResourceDescriptor;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.Tool;
import dev.switchboard.ports.tool.ToolResult;
import dev.switchboard.testkit.ToolResults;

/**
 * ADR 32: several local sessions attached to ONE shared server (one plugin test bed, one SQLite store), each with its
 * own environment, are each the role (and channel) that environment gives: their tool lists, inboxes and refusals are
 * their own. The in-process session keeps the process's role.
 */
class AttachedSessionsTest {

    private static final String ROLE_VARIABLE = "SWITCHBOARD_PLUGINS__MAILBOX__ROLE";
    private static final String CHANNEL_VARIABLE = "SWITCHBOARD_PLUGINS__MAILBOX__CHANNEL";

    @TempDir
    Path dir;

    private static Principal session(String... namesAndValues) {
        Map<String, String> environment = new java.util.HashMap<>(Map.of("PATH", "/usr/bin:/bin", "HOME", "/home/u"));
        for (int i = 0; i < namesAndValues.length; i += 2) {
            environment.put(namesAndValues[i], namesAndValues[i + 1]);
        }
        return Principal.attached(new LocalSession(Path.of("/home/u/project"), environment));
    }

    @Test
    @DisplayName("each attached session lists the mailbox tools only with a role its own environment gives, and acts"
            + " as that role")
    void eachSessionIsTheRoleItsEnvironmentGives() {
        Principal frontend = session(CallerResolver.ROLE_ALIAS, "frontend");
        Principal backend = session(ROLE_VARIABLE, "backend");
        Principal nobody = session();
        try (MailboxHarness server = MailboxHarness.open("sqlite", dir, null)) {
            Set<String> channelTools = channelToolNames(server);
            assertThat(channelTools).isNotEmpty(); // ToolListTest holds the whole set to the committed catalog
            for (String tool : channelTools) {
                assertThat(server.bed().tools().listedFor(tool, frontend))
                        .as(tool)
                        .isTrue();
                assertThat(server.bed().tools().listedFor(tool, backend))
                        .as(tool)
                        .isTrue();
                assertThat(server.bed().tools().listedFor(tool, nobody))
                        .as(tool)
                        .isFalse();
                assertThat(server.bed().tools().listedFor(tool, Principal.LOCAL_OWNER))
                        .as("the server itself has no role: " + tool)
                        .isFalse();
            }

            ok(server, frontend, "send_message", args("to", "backend", "topic", "hello", "body", "from the frontend"));

            assertThat(result(ok(server, backend, "read_inbox", args())))
                    .singleElement()
                    .satisfies(message -> assertThat(message)
                            .containsEntry("from", "frontend")
                            .containsEntry("to", "backend")
                            .containsEntry("topic", "hello"));
            assertThat(result(ok(server, frontend, "read_inbox", args())))
                    .as("the author's own inbox")
                    .isEmpty();
        }
    }

    @Test
    @DisplayName("the refusals name the session's own missing or malformed role or channel")
    void refusalsAreAboutTheSessionsOwnSettings() {
        try (MailboxHarness server = MailboxHarness.open("sqlite", dir, "configured-role")) {
            // The process's setting is the fallback of the session's variable, and beats the alias as in-process.
            assertThat(inboxes(server, session(CallerResolver.ROLE_ALIAS, "not a role!")))
                    .containsExactly("mailbox://local/inbox/configured-role");

            ToolResult.Failure badSetting =
                    refused(server, session(ROLE_VARIABLE, "not a role!"), "read_inbox", "FORBIDDEN");
            assertThat(badSetting.message())
                    .contains("the mailbox role 'not a role!' from " + CallerResolver.ROLE_SETTING)
                    .contains("is not a role name");

            ToolResult.Failure badChannel = refused(
                    server, session(CHANNEL_VARIABLE, "Not A Channel", ROLE_VARIABLE, "r"), "read_inbox", "FORBIDDEN");
            assertThat(badChannel.message())
                    .contains("the mailbox channel 'Not A Channel'")
                    .contains(CHANNEL_VARIABLE)
                    .contains("is not a channel name");

            ToolResult.Failure management = refused(
                    server,
                    session(ROLE_VARIABLE, "r"),
                    "create_channel",
                    "FORBIDDEN",
                    args("name", "x", "roles", List.of("a", "b")));
            assertThat(management.message()).contains("a local (stdio) session");
        }
        try (MailboxHarness server = MailboxHarness.open("sqlite", dir.resolve("none"), null)) {
            ToolResult.Failure noRole = refused(server, session(), "read_inbox", "FORBIDDEN");
            assertThat(noRole.message())
                    .contains("this session has no mailbox role")
                    .contains(CallerResolver.HOW_TO_SET_A_ROLE);
            ToolResult.Failure aliasBad =
                    refused(server, session(CallerResolver.ROLE_ALIAS, "not a role!"), "read_inbox", "FORBIDDEN");
            assertThat(aliasBad.message()).contains("the mailbox role 'not a role!' from " + CallerResolver.ROLE_ALIAS);
        }
    }

    @Test
    @DisplayName("each attached session lists and reads only its own role's inbox, in its own channel")
    void inboxResourcesAreEachSessionsOwn() {
        Principal frontend = session(CallerResolver.ROLE_ALIAS, "frontend");
        Principal backend = session(CallerResolver.ROLE_ALIAS, "backend");
        Principal side = session(CallerResolver.ROLE_ALIAS, "frontend", CHANNEL_VARIABLE, "side");
        try (MailboxHarness server = MailboxHarness.open("sqlite", dir, null)) {
            ok(server, backend, "send_message", args("to", "frontend", "topic", "t", "body", "b"));

            assertThat(inboxes(server, frontend)).containsExactly("mailbox://local/inbox/frontend");
            assertThat(inboxes(server, backend)).containsExactly("mailbox://local/inbox/backend");
            assertThat(inboxes(server, side)).containsExactly("mailbox://side/inbox/frontend");
            assertThat(inboxes(server, session())).isEmpty();
            assertThat(inboxes(server, Principal.LOCAL_OWNER)).isEmpty();

            assertThat(server.bed().resources().read("mailbox://local/inbox/frontend", frontend))
                    .isPresent();
            assertThat(server.bed().resources().read("mailbox://local/inbox/frontend", backend))
                    .as("another session's inbox")
                    .isEmpty();
            assertThat(server.bed().resources().read("mailbox://local/inbox/frontend", side))
                    .as("the same role in another channel")
                    .isEmpty();
            assertThat(result(ok(server, side, "read_inbox", args())))
                    .as("the side channel's frontend got nothing")
                    .isEmpty();
            assertThat(result(ok(server, frontend, "read_inbox", args()))).hasSize(1);
        }
    }

    @Test
    @DisplayName("the in-process session keeps the process's role; an attached one takes the process's setting as its"
            + " fallback but never the process's own AI_AGENT_CHANNEL_ROLE")
    void theProcessesRoleAndTheSessionsFallback() {
        try (MailboxHarness server = MailboxHarness.builder("sqlite", dir)
                .environment(CallerResolver.ROLE_ALIAS, "process-alias")
                .open(null)) {
            assertThat(inboxes(server, Principal.LOCAL_OWNER)).containsExactly("mailbox://local/inbox/process-alias");
            assertThat(inboxes(server, session())).isEmpty();
            assertThat(inboxes(server, session(CallerResolver.ROLE_ALIAS, "own")))
                    .containsExactly("mailbox://local/inbox/own");
        }
        try (MailboxHarness server = MailboxHarness.open("sqlite", dir.resolve("setting"), "configured")) {
            assertThat(inboxes(server, Principal.LOCAL_OWNER)).containsExactly("mailbox://local/inbox/configured");
            assertThat(inboxes(server, session())).containsExactly("mailbox://local/inbox/configured");
            assertThat(inboxes(server, session(ROLE_VARIABLE, "own"))).containsExactly("mailbox://local/inbox/own");
        }
    }

    @Test
    @DisplayName("more sessions than the resolver keeps are each still their own role")
    void manySessionsEachKeepTheirOwnRole() {
        try (MailboxHarness server = MailboxHarness.open("sqlite", dir, null)) {
            CallerResolver callers = server.injector().getInstance(CallerResolver.class);
            int count = 2 * 256 + 3;
            for (int round = 0; round < 2; round++) {
                for (int i = 0; i < count; i++) {
                    String role = "role-" + i;
                    Outcome<Caller> caller = callers.identify(session(CallerResolver.ROLE_ALIAS, role));
                    assertThat(caller.map(Caller::role).orElse(refusal -> "refused: " + refusal.message()))
                            .isEqualTo(role);
                }
            }
        }
    }

    private static List<String> inboxes(MailboxHarness server, Principal caller) {
        return server.bed().resources().resources(caller).stream()
                .map(ResourceDescriptor::uri)
                .filter(uri -> uri.startsWith("mailbox://"))
                .toList();
    }

    private static Map<String, Object> ok(
            MailboxHarness server, Principal caller, String tool, Map<String, Object> arguments) {
        return ToolResults.success(server.callAs(caller, tool, arguments), tool, arguments)
                .structuredContent();
    }

    private static ToolResult.Failure refused(MailboxHarness server, Principal caller, String tool, String code) {
        return refused(server, caller, tool, code, args());
    }

    private static ToolResult.Failure refused(
            MailboxHarness server, Principal caller, String tool, String code, Map<String, Object> arguments) {
        return ToolResults.failure(server.callAs(caller, tool, arguments), tool, arguments, code);
    }

    private static Set<String> channelToolNames(MailboxHarness harness) {
        Set<Tool> tools = harness.injector().getInstance(Key.get(new TypeLiteral<Set<Tool>>() {}));
        return tools.stream()
                .filter(tool -> tool instanceof ChannelTool)
                .map(tool -> tool.descriptor().name())
                .collect(Collectors.toSet());
    }
}
