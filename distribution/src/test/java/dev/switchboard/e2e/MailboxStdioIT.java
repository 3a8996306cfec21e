package dev.switchboard.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;

import dev.switchboard.e2e.support.ToolCatalog;
import dev.switchboard.testkit.distribution.Installation;
import dev.switchboard.testkit.distribution.McpClients;

/**
 * The mailbox in the built distribution, over stdio with the MCP Java SDK's client: a session without a role lists
 * none of its tools and is refused when it calls one (ADR 18, behaviour 78); two sessions with roles (one through the
 * Switchboard setting, one through the original's AI_AGENT_CHANNEL_ROLE) are separate processes on one state
 * directory and exchange a message.
 */
class MailboxStdioIT {

    private static final List<String> MAILBOX_TOOLS = ToolCatalog.names("mailbox");
    /** The hosted channels' management tools: listed to the owner token over HTTP only (ADR 19). */
    static final List<String> MANAGEMENT_TOOLS = List.of(
            "create_channel",
            "list_channels",
            "add_role",
            "rotate_token",
            "board_link",
            "revoke_board_access",
            "delete_channel",
            "list_audit_events");

    private static final List<String> CHANNEL_TOOLS = MAILBOX_TOOLS.stream()
            .filter(name -> !MANAGEMENT_TOOLS.contains(name))
            .toList();

    @TempDir
    Path dir;

    private final StringBuffer stderr = new StringBuffer();

    @Test
    void aSessionWithoutARoleListsNoMailboxToolAndIsRefusedWhenItCallsOne() {
        Installation installation = Installation.copyOfBuilt(dir);
        McpSyncClient nobody = McpClients.stdioInitialized(installation, Map.of(), "no-role", stderr);
        try {
            assertThat(nobody.listTools().tools())
                    .as("%s", stderr)
                    .extracting(McpSchema.Tool::name)
                    .isNotEmpty()
                    .doesNotContainAnyElementsOf(MAILBOX_TOOLS);
            McpSchema.CallToolResult info = nobody.callTool(McpSchema.CallToolRequest.builder("server_info")
                    .arguments(Map.of())
                    .build());
            @SuppressWarnings("unchecked")
            List<Map<String, Object>> plugins =
                    (List<Map<String, Object>>) structured(info).get("plugins");
            assertThat(plugins)
                    .as("server_info says the mailbox's tools are not listed and how to list them")
                    .filteredOn(plugin -> "mailbox".equals(plugin.get("id")))
                    .singleElement()
                    .satisfies(mailbox -> {
                        assertThat(mailbox).containsEntry("unlisted_tools", MAILBOX_TOOLS.size());
                        assertThat((String) mailbox.get("how_to_list")).contains("plugins.mailbox.role");
                    });
            McpSchema.CallToolResult refused = nobody.callTool(McpSchema.CallToolRequest.builder("read_inbox")
                    .arguments(Map.of())
                    .build());
            assertThat(refused.isError()).isTrue();
            assertThat(structured(refused))
                    .containsEntry("code", "FORBIDDEN")
                    .satisfies(error -> assertThat((String) error.get("message"))
                            .contains("plugins.mailbox.role")
                            .contains("AI_AGENT_CHANNEL_ROLE"));
        } finally {
            nobody.closeGracefully();
        }
    }

    @Test
    void twoSessionsWithRolesOnOneStateDirectoryExchangeAMessage() {
        Installation installation = Installation.copyOfBuilt(dir);
        McpSyncClient frontend = McpClients.stdioInitialized(
                installation, Map.of("SWITCHBOARD_PLUGINS__MAILBOX__ROLE", "frontend"), "frontend", stderr);
        McpSyncClient backend = McpClients.stdioInitialized(
                installation, Map.of("AI_AGENT_CHANNEL_ROLE", "backend"), "backend", stderr);
        try {
            assertThat(frontend.listTools().tools())
                    .extracting(McpSchema.Tool::name)
                    .containsAll(CHANNEL_TOOLS)
                    .doesNotContainAnyElementsOf(MANAGEMENT_TOOLS);
            @SuppressWarnings("unchecked")
            List<Map<String, Object>> plugins = (List<Map<String, Object>>)
                    structured(frontend.callTool(McpSchema.CallToolRequest.builder("server_info")
                                    .arguments(Map.of())
                                    .build()))
                            .get("plugins");
            assertThat(plugins)
                    .filteredOn(plugin -> "mailbox".equals(plugin.get("id")))
                    .singleElement()
                    .satisfies(mailbox -> assertThat(mailbox).containsEntry("unlisted_tools", MANAGEMENT_TOOLS.size()));
            McpSchema.CallToolResult sent = frontend.callTool(McpSchema.CallToolRequest.builder("send_message")
                    .arguments(Map.of("to", "backend", "topic", "login 500", "body", "POST /login answers 500"))
                    .build());
            assertThat(sent.isError()).as("%s %s", sent, stderr).isFalse();
            assertThat(structured(sent)).containsEntry("id", 1);

            McpSchema.CallToolResult inbox = backend.callTool(McpSchema.CallToolRequest.builder("read_inbox")
                    .arguments(Map.of())
                    .build());
            assertThat(inbox.isError()).as("%s %s", inbox, stderr).isFalse();
            @SuppressWarnings("unchecked")
            List<Map<String, Object>> messages =
                    (List<Map<String, Object>>) structured(inbox).get("result");
            assertThat(messages)
                    .singleElement()
                    .satisfies(message -> assertThat(message)
                            .containsEntry("from", "frontend")
                            .containsEntry("topic", "login 500"));
        } finally {
            frontend.closeGracefully();
            backend.closeGracefully();
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> structured(McpSchema.CallToolResult result) {
        return (Map<String, Object>) result.structuredContent();
    }
}
