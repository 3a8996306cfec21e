package dev.switchboard.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.e2e.support.JavaSdkSession;
import dev.switchboard.e2e.support.ToolCatalog;
import dev.switchboard.e2e.support.ToolResults;
import dev.switchboard.e2e.support.ToolSession;
import dev.switchboard.e2e.support.TypeScriptSession;
import dev.switchboard.testkit.distribution.Installation;

/**
 * The mailbox in the built distribution over stdio, with two real client sessions that are separate {@code
 * switchboard serve} processes on one state directory: frontend driven by the official TypeScript SDK's client (its
 * role from {@code plugins.mailbox.role}), backend by the MCP Java SDK's (its role from the original's
 * {@code AI_AGENT_CHANNEL_ROLE}). The two sessions are started once and shared by the tests, each of which uses
 * messages and a pin key of its own; a session without a role gets a process of its own.
 */
class MailboxStdioIT {

    private static final List<String> MAILBOX_TOOLS = ToolCatalog.names("mailbox");

    @TempDir
    static Path dir;

    private static Installation installation;
    private static ToolSession frontend;
    private static ToolSession backend;

    @BeforeAll
    static void startBothSessions() {
        installation = Installation.copyOfBuilt(dir);
        frontend = TypeScriptSession.start(installation, Map.of("SWITCHBOARD_PLUGINS__MAILBOX__ROLE", "frontend"));
        backend = JavaSdkSession.start(installation, Map.of("AI_AGENT_CHANNEL_ROLE", "backend"), "backend");
    }

    @AfterAll
    static void endBothSessions() {
        if (frontend != null) {
            frontend.close();
        }
        if (backend != null) {
            backend.close();
        }
    }

    @Test
    void aSessionWithoutARoleListsNoMailboxToolAndIsRefusedWhenItCallsOne() {
        try (ToolSession nobody = JavaSdkSession.start(installation, Map.of(), "no-role")) {
            assertThat(nobody.toolNames())
                    .as("%s", nobody.log())
                    .isNotEmpty()
                    .doesNotContainAnyElementsOf(MAILBOX_TOOLS);
            List<Map<String, Object>> plugins = plugins(nobody.ok("server_info", Map.of()));
            assertThat(plugins)
                    .as("server_info says the mailbox's tools are not listed and how to list them")
                    .filteredOn(plugin -> "mailbox".equals(plugin.get("id")))
                    .singleElement()
                    .satisfies(mailbox -> {
                        assertThat(mailbox).containsEntry("unlisted_tools", MAILBOX_TOOLS.size());
                        assertThat((String) mailbox.get("how_to_list")).contains("plugins.mailbox.role");
                    });
            assertThat(nobody.refused("read_inbox", Map.of()))
                    .containsEntry("code", "FORBIDDEN")
                    .satisfies(error -> assertThat((String) error.get("message"))
                            .contains("plugins.mailbox.role")
                            .contains("AI_AGENT_CHANNEL_ROLE"));
        }
    }

    @Test
    void aSessionWithARoleFromEitherSettingListsEveryChannelTool() {
        assertThat(frontend.toolNames()).as("%s", frontend.log()).containsAll(MAILBOX_TOOLS);
        assertThat(backend.toolNames()).as("%s", backend.log()).containsAll(MAILBOX_TOOLS);
        assertThat(plugins(backend.ok("server_info", Map.of())))
                .filteredOn(plugin -> "mailbox".equals(plugin.get("id")))
                .singleElement()
                .satisfies(mailbox -> assertThat(mailbox).doesNotContainKey("unlisted_tools"));
    }

    @Test
    void aDebtFromTheTypeScriptSessionGoesRoundTheLoopWithTheJavaSession() {
        Object id = frontend.ok(
                        "send_message",
                        Map.of(
                                "to",
                                "backend",
                                "topic",
                                "export API",
                                "body",
                                "needed by Friday",
                                "action_required",
                                true))
                .get("id");

        assertThat(ids(backend.ok("ready_work", Map.of()))).contains(id);
        assertThat(backend.ok("read_inbox", Map.of()).get("result"))
                .asInstanceOf(InstanceOfAssertFactories.LIST)
                .anySatisfy(message -> assertThat(ToolResults.map(message))
                        .containsEntry("id", id)
                        .containsEntry("from", "frontend")
                        .containsEntry("topic", "export API"));
        assertThat(backend.ok("set_work_status", Map.of("message_id", id, "work_status", "in_progress")))
                .containsEntry("already_set", false);
        assertThat(backend.ok("resolve_message", Map.of("message_id", id, "resolution_note", "shipped in 1.4")))
                .containsEntry("resolved_by", "backend");

        assertThat(ids(frontend.ok("channel_status", Map.of()), "resolved_for_you"))
                .contains(id);
        assertThat(frontend.ok("confirm_resolution", Map.of("message_id", id)))
                .containsEntry("already_confirmed", false);
        assertThat(ids(frontend.ok("channel_status", Map.of()), "resolved_for_you"))
                .doesNotContain(id);
    }

    @Test
    void aDeclaredVotersRoundOnTeamCharterPinsOnlyWithAFreshAgree() {
        Map<String, Object> proc = new LinkedHashMap<>(Map.of(
                "to",
                "backend",
                "topic",
                "charter v1",
                "body",
                "ground rules",
                "kind",
                "proc",
                "pin_key",
                "team-charter",
                "voters",
                List.of("backend")));
        proc.put("about_message_id", null);
        Object proposal = frontend.ok("send_message", proc).get("id");
        backend.ok("acknowledge", Map.of("message_id", proposal, "decision", "agree"));
        frontend.ok("revise_message", Map.of("message_id", proposal, "body", "ground rules, revised"));
        Map<String, Object> pin = Map.of(
                "key",
                "team-charter",
                "title",
                "Team charter",
                "version",
                "1",
                "body",
                "ground rules, revised",
                "approved_by",
                proposal);

        assertThat(frontend.refused("pin_set", pin))
                .as("the agree the revision quenched approves nothing")
                .containsEntry("code", "CONFLICT");
        backend.ok("acknowledge", Map.of("message_id", proposal, "decision", "agree"));
        assertThat(frontend.ok("pin_set", pin)).containsEntry("version", "1");
        assertThat(ToolResults.map(
                        backend.ok("pin_get", Map.of("key", "team-charter")).get("result")))
                .containsEntry("body", "ground rules, revised")
                .containsEntry("updated_by", "frontend");
    }

    @Test
    void aWaitForMailInTheTypeScriptSessionWakesWhenTheJavaSessionSends() throws Exception {
        CompletableFuture<ToolSession.Answer> waiting = frontend.callAsync("wait_for_mail", Map.of("timeout_s", 30));
        Thread.sleep(1_000);
        long sentAt = System.nanoTime();
        backend.ok("send_message", Map.of("to", "frontend", "topic", "ping", "body", "are you there?"));

        ToolSession.Answer woke = waiting.get(20, TimeUnit.SECONDS);
        assertThat(woke.isError()).as("%s %s", woke, frontend.log()).isFalse();
        assertThat(woke.structured()).containsEntry("timed_out", false);
        assertThat(ToolResults.map(woke.structured().get("pending")))
                .as("no other test sends frontend a message")
                .containsEntry("unread", 1);
        assertThat(Duration.ofNanos(System.nanoTime() - sentAt)).isLessThan(Duration.ofSeconds(5));
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> plugins(Map<String, Object> serverInfo) {
        return (List<Map<String, Object>>) serverInfo.get("plugins");
    }

    private static List<Object> ids(Map<String, Object> listing) {
        return ids(listing, "result");
    }

    @SuppressWarnings("unchecked")
    private static List<Object> ids(Map<String, Object> container, String list) {
        return ((List<Map<String, Object>>) container.get(list))
                .stream().map(entry -> entry.get("id")).toList();
    }
}
