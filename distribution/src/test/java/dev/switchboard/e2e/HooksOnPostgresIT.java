package dev.switchboard.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.modelcontextprotocol.client.McpSyncClient;

import dev.switchboard.e2e.support.ToolCalls;
import dev.switchboard.testkit.distribution.CliRun;
import dev.switchboard.testkit.distribution.Installation;
import dev.switchboard.testkit.distribution.McpClients;
import dev.switchboard.testkit.storage.TestDatabase;
import dev.switchboard.testkit.storage.TestPostgres;

/** The hooks on PostgreSQL as Claude Code runs them (ADR 65): real processes, a real database. */
class HooksOnPostgresIT {

    private static final String FIRST =
            "{\"session_id\":\"s1\",\"hook_event_name\":\"Stop\",\"stop_hook_active\":false}";
    private static final Set<String> ORIGINAL_VARIABLES = Set.of(
            "AI_AGENT_CHANNEL_URL", "AI_AGENT_CHANNEL_TOKEN", "AI_AGENT_CHANNEL_TOKEN_FILE", "AI_AGENT_CHANNEL_ROLE");

    @TempDir
    Path dir;

    @Test
    @DisplayName(
            "ADR 65: a local hook stop and status on PostgreSQL take the direct path (one connection: no pool, PF4J"
                    + " plugin manager or Guice loaded) and block with the unread message")
    void hookStopAndStatusOnPostgresTakeTheDirectPath() throws Exception {
        TestDatabase database = TestPostgres.database();
        Installation local = Installation.copyOfBuilt(dir.resolve("install"));
        Map<String, String> sender = new HashMap<>(database.environment());
        sender.put("SWITCHBOARD_PLUGINS__MAILBOX__ROLE", "frontend");
        sender.put("SWITCHBOARD_KERNEL__ATTACH", "false");
        StringBuffer stderr = new StringBuffer();
        McpSyncClient frontend = McpClients.stdioInitialized(local, sender, "frontend", stderr);
        try {
            ToolCalls.okStructured(
                    frontend, "send_message", Map.of("to", "backend", "topic", "one", "body", "1"), "\n" + stderr);
        } finally {
            frontend.closeGracefully();
        }
        Path classes = dir.resolve("classes.txt");
        Map<String, String> hook = new HashMap<>(database.environment());
        hook.put("AI_AGENT_CHANNEL_ROLE", "backend");
        hook.put("SWITCHBOARD_KERNEL__ATTACH", "false");
        hook.put("SWITCHBOARD_JAVA_OPTS", "-Xlog:class+load=info:file=" + classes);
        Set<String> unset = new java.util.HashSet<>(ORIGINAL_VARIABLES);
        unset.removeAll(hook.keySet());

        CliRun block = local.runWithInput(hook, unset, FIRST, "hook", "stop");
        String loaded = Files.readString(classes);
        CliRun status = local.runWith(hook, unset, "status");

        assertThat(block.exitCode()).as(block.describe()).isZero();
        assertThat(block.stdout()).as(block.describe()).contains("\"decision\":\"block\"", "unread=1");
        assertThat(loaded)
                .contains(
                        "dev.switchboard.hooks.HookMain",
                        "dev.switchboard.plugin.storage.postgres.PostgresDirectConnection")
                .doesNotContain(
                        "com.zaxxer.hikari.", "org.pf4j.DefaultPluginManager", "com.google.inject.", "org.jooq.");
        assertThat(status.stdout()).as(status.describe()).contains("\"unread\":1");
    }
}
