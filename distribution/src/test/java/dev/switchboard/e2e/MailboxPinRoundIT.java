package dev.switchboard.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;

import dev.switchboard.testkit.distribution.Installation;
import dev.switchboard.testkit.distribution.McpClients;

/**
 * A consented pin in the built distribution: two stdio sessions with their own roles (separate processes on one state
 * directory, the MCP Java SDK's client) run a proc round on team-charter with declared voters. An agree quenched by a
 * revision does not approve the pin; a fresh one does.
 */
class MailboxPinRoundIT {

    @TempDir
    Path dir;

    private final StringBuffer stderr = new StringBuffer();

    @Test
    void aDeclaredVotersRoundOnTeamCharterPinsOnlyWithAFreshAgree() {
        Installation installation = Installation.copyOfBuilt(dir);
        McpSyncClient frontend = McpClients.stdioInitialized(
                installation, Map.of("SWITCHBOARD_PLUGINS__MAILBOX__ROLE", "frontend"), "frontend", stderr);
        McpSyncClient backend = McpClients.stdioInitialized(
                installation, Map.of("SWITCHBOARD_PLUGINS__MAILBOX__ROLE", "backend"), "backend", stderr);
        try {
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
            Map<String, Object> sent = ok(frontend, "send_message", proc);
            long proposal = ((Number) sent.get("id")).longValue();
            ok(backend, "acknowledge", Map.of("message_id", proposal, "decision", "agree"));
            ok(frontend, "revise_message", Map.of("message_id", proposal, "body", "ground rules, revised"));
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

            McpSchema.CallToolResult stale = call(frontend, "pin_set", pin);

            assertThat(stale.isError()).as("%s", stale).isTrue();
            assertThat(structured(stale)).containsEntry("code", "CONFLICT");
            ok(backend, "acknowledge", Map.of("message_id", proposal, "decision", "agree"));
            assertThat(ok(frontend, "pin_set", pin)).containsEntry("version", "1");
            @SuppressWarnings("unchecked")
            Map<String, Object> current = (Map<String, Object>)
                    ok(backend, "pin_get", Map.of("key", "team-charter")).get("result");
            assertThat(current).containsEntry("body", "ground rules, revised").containsEntry("updated_by", "frontend");
        } finally {
            frontend.closeGracefully();
            backend.closeGracefully();
        }
    }

    private Map<String, Object> ok(McpSyncClient client, String tool, Map<String, Object> arguments) {
        McpSchema.CallToolResult result = call(client, tool, arguments);
        assertThat(result.isError()).as("%s %s %s", tool, result, stderr).isFalse();
        return structured(result);
    }

    private static McpSchema.CallToolResult call(McpSyncClient client, String tool, Map<String, Object> arguments) {
        return client.callTool(
                McpSchema.CallToolRequest.builder(tool).arguments(arguments).build());
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> structured(McpSchema.CallToolResult result) {
        return (Map<String, Object>) result.structuredContent();
    }
}
