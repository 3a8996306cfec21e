package dev.switchboard.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;

import dev.switchboard.testkit.distribution.Installation;
import dev.switchboard.testkit.distribution.McpClients;

/**
 * The debt loop and a wait across two real server processes on one state directory, with the MCP Java SDK's client:
 * frontend sends backend a debt; backend finds it in ready_work, takes it (in_progress) and resolves it; frontend sees
 * it in resolved_for_you and confirms; and a wait_for_mail in frontend's process wakes when backend's process sends.
 */
class MailboxWorkStdioIT {

    @TempDir
    Path dir;

    private final StringBuffer stderr = new StringBuffer();

    @Test
    void aDebtGoesRoundTheLoopAndAWaitWakesAcrossProcesses() throws Exception {
        Installation installation = Installation.copyOfBuilt(dir);
        McpSyncClient frontend = McpClients.stdioInitialized(
                installation, Map.of("SWITCHBOARD_PLUGINS__MAILBOX__ROLE", "frontend"), "frontend", stderr);
        McpSyncClient backend = McpClients.stdioInitialized(
                installation, Map.of("AI_AGENT_CHANNEL_ROLE", "backend"), "backend", stderr);
        try {
            Map<String, Object> sent = ok(
                    frontend,
                    "send_message",
                    Map.of(
                            "to",
                            "backend",
                            "topic",
                            "export API",
                            "body",
                            "needed by Friday",
                            "action_required",
                            true));
            Object id = sent.get("id");

            assertThat(ids(ok(backend, "ready_work", Map.of()))).containsExactly(id);
            assertThat(ok(backend, "set_work_status", Map.of("message_id", id, "work_status", "in_progress")))
                    .containsEntry("already_set", false);
            assertThat(ok(backend, "resolve_message", Map.of("message_id", id, "resolution_note", "shipped in 1.4")))
                    .containsEntry("resolved_by", "backend");

            assertThat(list(ok(frontend, "channel_status", Map.of()), "resolved_for_you"))
                    .singleElement()
                    .satisfies(entry -> assertThat(entry).containsEntry("id", id));
            assertThat(ok(frontend, "confirm_resolution", Map.of("message_id", id)))
                    .containsEntry("already_confirmed", false);
            assertThat(list(ok(frontend, "channel_status", Map.of()), "resolved_for_you"))
                    .isEmpty();

            CompletableFuture<Map<String, Object>> waiting =
                    CompletableFuture.supplyAsync(() -> ok(frontend, "wait_for_mail", Map.of("timeout_s", 30)));
            Thread.sleep(1_000);
            long sentAt = System.nanoTime();
            ok(backend, "send_message", Map.of("to", "frontend", "topic", "ping", "body", "are you there?"));

            Map<String, Object> woke = waiting.get(20, TimeUnit.SECONDS);
            assertThat(woke).as("%s", stderr).containsEntry("timed_out", false);
            assertThat(woke.get("pending")).isEqualTo(Map.of("unread", 1));
            assertThat(Duration.ofNanos(System.nanoTime() - sentAt)).isLessThan(Duration.ofSeconds(5));
        } finally {
            frontend.closeGracefully();
            backend.closeGracefully();
        }
    }

    private Map<String, Object> ok(McpSyncClient client, String tool, Map<String, Object> arguments) {
        McpSchema.CallToolResult result = client.callTool(
                McpSchema.CallToolRequest.builder(tool).arguments(arguments).build());
        assertThat(result.isError()).as("%s %s %s", tool, result, stderr).isFalse();
        @SuppressWarnings("unchecked")
        Map<String, Object> structured = (Map<String, Object>) result.structuredContent();
        return structured;
    }

    @SuppressWarnings("unchecked")
    private static List<Object> ids(Map<String, Object> listing) {
        return ((List<Map<String, Object>>) listing.get("result"))
                .stream().map(entry -> entry.get("id")).toList();
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> list(Map<String, Object> status, String name) {
        return (List<Map<String, Object>>) status.get(name);
    }
}
